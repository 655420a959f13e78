import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    // The API schemas and domain rules shared with the Lambdas: @escrow/api/*, @escrow/domain/* (tsconfig.json paths).
    tsconfigPaths: true,
    // zod without `new Function`, for the Content-Security-Policy (the module says why).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The shared API modules (lambdas/core/api) only define schemas, texts and endpoints, but their
      // schemas call zod's methods (`.check()`), which the bundler must assume do something: it would
      // keep every module the endpoint table re-exports, in the chunk of the first page calling any
      // endpoint (7 KB more on the signed-in pages). Told they do nothing on import, a page's chunk
      // keeps the endpoints it calls and their schemas.
      treeshake: { moduleSideEffects: [{ test: /[\\/]lambdas[\\/]core[\\/]api[\\/]/, sideEffects: false }] },
    },
  },
});
