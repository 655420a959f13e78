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
  build: { outDir: 'dist', emptyOutDir: true },
});
