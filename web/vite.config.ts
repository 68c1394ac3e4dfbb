import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
// relative, not '@loan/domain': Vite bundles relative imports of its config but loads packages with plain Node
import {
  checkCipherParams,
  DEFAULT_FIELD_CIPHER_IV,
  DEFAULT_FIELD_CIPHER_KEY,
} from '../domain/src/cipher.ts';

const root = import.meta.dirname;
const server = 'http://127.0.0.1:3000';

/**
 * The field cipher key and iv are read at build time from FIELD_CIPHER_KEY / FIELD_CIPHER_IV (environment or
 * .env files), falling back to the domain defaults, the same variables the server reads.
 */
export function fieldCipherDefines(mode: string) {
  const env = { ...loadEnv(mode, root, ''), ...process.env };
  const key = env.FIELD_CIPHER_KEY || DEFAULT_FIELD_CIPHER_KEY;
  const iv = env.FIELD_CIPHER_IV || DEFAULT_FIELD_CIPHER_IV;
  checkCipherParams({ key, iv });
  return {
    __FIELD_CIPHER_KEY__: JSON.stringify(key),
    __FIELD_CIPHER_IV__: JSON.stringify(iv),
  };
}

export default defineConfig(({ mode }) => ({
  root,
  plugins: [react()],
  define: fieldCipherDefines(mode),
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/dev': { target: server, changeOrigin: true },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
  },
}));
