import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const server = 'http://127.0.0.1:3000';

/**
 * The operator console: its own bundle under /ops/ (the borrower's pages never load any of it), served by the same
 * server from console/dist (CONSOLE_DIST) with a history fallback of its own.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/ops/',
  plugins: [
    react(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: { '/api': { target: server, changeOrigin: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
