import { fileURLToPath } from 'node:url';
import { type BundlingOptions, LogLevel, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * Lets CommonJS dependencies that call `require` work inside the ESM bundle. The alias avoids
 * a clash with a bundled module that imports `createRequire` itself.
 */
const requireBanner =
  "import { createRequire as __escrowCreateRequire } from 'node:module'; const require = __escrowCreateRequire(import.meta.url);";

/** Credentials from the environment only, in place of the SDK's whole default chain (the module says why). */
const credentialsAlias = {
  '@aws-sdk/credential-provider-node': fileURLToPath(new URL('../lambdas/core/adapters/credentials.ts', import.meta.url)),
};

/**
 * The esbuild settings of every Lambda, as plain data: CDK derives its bundling props from this
 * object and a benchmark script can pass it to esbuild's JS API (add `entryPoints` and `outfile`)
 * to measure exactly what is deployed.
 */
export const esbuildOptions = {
  bundle: true,
  platform: 'node',
  // Must match the Lambda runtime (lib/function.ts).
  target: 'node24',
  format: 'esm',
  // Prefer ESM entry points: smaller bundles through tree shaking (notably the AWS SDK v3).
  mainFields: ['module', 'main'],
  minify: true,
  // Linked `.map` file, read by Node's --enable-source-maps for readable stack traces.
  sourcemap: true,
  // Stack traces only need the mappings; leaving sources out keeps the map (and cold start) small.
  sourcesContent: false,
  banner: { js: requireBanner },
  // Nothing external: every package a function uses is in its bundle, so we run the versions we
  // test, not Lambda's, the AWS SDK clients among them.
  external: [],
  alias: credentialsAlias,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
} satisfies BuildOptions;

/** NodejsFunction `bundling` props carrying the same settings as {@link esbuildOptions}. */
export function nodejsBundling(): BundlingOptions {
  return {
    // CDK always bundles for platform node and names ESM output index.mjs (= outExtension above).
    format: OutputFormat.ESM,
    target: esbuildOptions.target,
    mainFields: [...esbuildOptions.mainFields],
    minify: esbuildOptions.minify,
    sourceMap: esbuildOptions.sourcemap,
    sourceMapMode: SourceMapMode.DEFAULT,
    sourcesContent: esbuildOptions.sourcesContent,
    banner: esbuildOptions.banner.js,
    bundleAwsSDK: true,
    externalModules: [...esbuildOptions.external],
    esbuildArgs: Object.fromEntries(Object.entries(esbuildOptions.alias).map(([from, to]) => [`--alias:${from}`, to])),
    logLevel: LogLevel.WARNING,
    // esbuild is a dev dependency, so CDK bundles locally; never fall back to Docker.
    forceDockerBundling: false,
  };
}
