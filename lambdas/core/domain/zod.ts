/**
 * The validator of every Lambda: zod's mini build, with its English messages. The classic build
 * puts about 90 KiB into each function's bundle for its method-chaining API; the mini build has
 * the same schemas, checks and messages as plain functions (`z.optional(s)`, `s.check(z.minLength(1))`)
 * that tree-shake, about 23 KiB with the English locale. The locale is set here, once, as classic
 * sets it on import: the API's error texts stay zod's English ones.
 *
 * Import it as `import * as z from '<path>/domain/zod'` (a namespace import of re-exports tree-shakes; a
 * re-exported namespace object would not); never import 'zod' itself in lambdas/ (lint).
 */
// biome-ignore lint/style/noRestrictedImports: the one module that imports zod's mini build (and sets its locale).
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

// biome-ignore lint/style/noRestrictedImports: re-exported for lambdas/, which import this module instead.
export * from 'zod/mini';
