import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Where `vite` (dev) sends /site/...: the site's own server (`npm start` serves it on 3002). */
const siteOrigin = process.env.SELF_SERVICE_ORIGIN ?? 'http://localhost:3002';

export default defineConfig({
  // Each asset also written compressed (.gz, .br), which the site's server sends as it is to browsers that take it.
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first page's budget is 150 KB of JS (gzip): bench/self-service-size.mjs measures it.
    chunkSizeWarningLimit: 400,
  },
  server: { port: 5174, proxy: { '/site': { target: siteOrigin, changeOrigin: false } } },
});
