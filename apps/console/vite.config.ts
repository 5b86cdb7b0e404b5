import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `vite` (dev) and `vite preview` send /ops/...: the console port of a running API (`npm start`). */
const apiOrigin = process.env.CONSOLE_API_ORIGIN ?? 'http://localhost:3001';
const proxy = { '/ops': { target: apiOrigin, changeOrigin: false } };

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first page's budget is 250 KB of JS (gzip); the build prints each chunk's gzip size.
    chunkSizeWarningLimit: 600,
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
