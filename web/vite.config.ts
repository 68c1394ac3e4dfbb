import { constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
// relative, not '@loan/domain': Vite bundles relative imports of its config but loads packages with plain Node
import {
  checkCipherParams,
  DEFAULT_FIELD_CIPHER_IV,
  DEFAULT_FIELD_CIPHER_KEY,
} from '../domain/src/cipher.ts';
import { antdStaticCss } from './build/antd-static-css.ts';
import { prerenderPages } from './build/prerender-pages.ts';

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

const nodeModules = (names: string) => new RegExp(`node_modules[\\\\/](?:${names})[\\\\/]`);

/**
 * Code every page loads, in three chunks instead of dozens of small ones (each request costs a phone a round trip
 * and its headers): React, the router, TanStack Query and axios; the core of antd that every page's forms,
 * buttons and messages use; the app's own shell (session, HTTP layer, sign-in frame). The rest is split by page
 * as the bundler finds it, so a page loads only what it uses (no table, date picker or chart on the login page).
 */
const CHUNK_GROUPS = [
  {
    name: 'framework',
    priority: 3,
    test: nodeModules('react|react-dom|scheduler|react-router|@tanstack|axios'),
  },
  {
    name: 'antd-core',
    priority: 2,
    test: nodeModules(
      [
        '@ant-design[\\\\/](?:cssinjs|cssinjs-utils|fast-color|colors|icons[\\\\/]es[\\\\/](?:components|utils))',
        '@rc-component[\\\\/](?:util|motion|trigger|portal|resize-observer|notification|input|async-validator|form)',
        'stylis|@emotion|@babel[\\\\/]runtime|clsx',
        'antd[\\\\/]es[\\\\/](?:_util|theme|style|config-provider|locale|form|button|input|grid|message|space|tooltip|alert|divider|empty|spin)',
      ].join('|'),
    ),
  },
  {
    name: 'app-core',
    priority: 1,
    test: /web[\\/]src[\\/](?:session[\\/]|app[\\/](?:preload|paths|feedback|guard|ui-defaults)|api[\\/](?:http|errors|runtime|auth|users|cipher|client-config)|components[\\/](?:Brand|AuthFrame|AppFooterText|SandboxTag))/,
  },
];

export default defineConfig(({ mode }) => ({
  root,
  plugins: [
    react(),
    antdStaticCss(),
    // the sign-in page's HTML written at build time (src/app/prerendered.ts), rendered for Node as the app renders
    prerenderPages(() => ({ mode, plugins: [react(), antdStaticCss()], define: fieldCipherDefines(mode) })),
    // a .br and a .gz beside each file worth compressing, at the highest levels: the server sends them as they are
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
    }),
  ],
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
    // dist/.vite/manifest.json: which chunks each page loads (the bundle budget reads it)
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
}));
