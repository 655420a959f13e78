import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss()],
  // The API schemas and domain rules shared with the Lambdas: @escrow/api/*, @escrow/domain/* (tsconfig.json paths).
  resolve: { tsconfigPaths: true },
  build: { outDir: 'dist', emptyOutDir: true },
});
