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
 * Code every page loads, in a few chunks instead of dozens of small ones (each request costs a phone a round trip
 * and its headers): React; the router and TanStack Query; the core of antd that every page's forms, buttons and
 * messages use; the sign-in page with what it alone needs (the HTTP layer with axios, the session, the sign-in
 * frame, antd's icons drawn from their definitions). The sign-in page a signed-out visitor opens loads React and
 * that last chunk only (app/sign-in-start.tsx): its modules import nothing of the others, which the bundle budget
 * checks (e2e/bundle-budget.e2e.ts). The signed-in pages then load the signed-in frame, the antd components they
 * share, in a few files, and their own code: tables, date pickers and uploads stay with the pages that have them.
 */
const ANTD_CORE = nodeModules(
  [
    '@ant-design[\\\\/](?:cssinjs|cssinjs-utils|fast-color|colors|icons[\\\\/]es[\\\\/](?:components|utils))',
    '@rc-component[\\\\/](?:util|motion|trigger|portal|resize-observer|notification|input|async-validator|form)',
    'stylis|@emotion|@babel[\\\\/]runtime|clsx',
    'antd[\\\\/]es[\\\\/](?:_util|theme|style|config-provider|locale|form|button|input|grid|message|space|tooltip|alert|divider|empty|spin)',
  ].join('|'),
);
/** antd parts that only a few pages draw: left to those pages' own chunks */
const ANTD_OWN_PAGE =
  /[\\/](?:table|date-picker|picker|upload|image|tree|calendar|time-picker|transfer|cascader)[\\/]/;
/** the sign-in page's own modules (app/sign-in-start.tsx and what it imports of the app) */
const SIGN_IN_MODULES = new RegExp(
  [
    'web[\\\\/]src[\\\\/](?:',
    [
      'app[\\\\/](?:sign-in-start|prerendered|paths|ui-defaults)\\.',
      'session[\\\\/](?:session|sign-in)\\.',
      'api[\\\\/](?:http|errors|runtime|auth|user-info|client-config-call|cipher)\\.',
      'components[\\\\/](?:AppLink|SvgIcon|Brand|AuthFrame|FooterLine|PlainAlert)\\.',
      'pages[\\\\/]login[\\\\/]Login(?:Panel|Field)\\.',
      'config\\.',
    ].join('|'),
    ')',
  ].join(''),
);

const CHUNK_GROUPS = [
  { name: 'react', priority: 8, test: nodeModules('react|react-dom|scheduler') },
  { name: 'framework', priority: 6, test: nodeModules('react-router|@tanstack') },
  { name: 'antd-core', priority: 5, test: (id: string) => ANTD_CORE.test(id) },
  // with what its modules import (axios, the icons they draw), before the router's and antd's groups would take
  // that too (antd's icons are drawn from the same definitions)
  { name: 'sign-in', priority: 7, test: SIGN_IN_MODULES },
  // the signed-in frame (header, menu, user menu, the drawer on a phone) with what it imports
  { name: 'signed-in-frame', priority: 3, test: /web[\\/]src[\\/]app[\\/]layouts[\\/]RootLayout/ },
  {
    name: 'antd-pages',
    priority: 2,
    minShareCount: 2,
    // grouped by the set of pages that use them, and groups under 50 KB merged: a page loads few files and little
    // it does not draw
    entriesAware: true,
    entriesAwareMergeThreshold: 50_000,
    test: (id: string) => /node_modules[\\/](?:antd|@rc-component)[\\/]/.test(id) && !ANTD_OWN_PAGE.test(id),
  },
  {
    // the shared domain modules (money, Shanghai time, labels, sentences): few files per page, as antd's above;
    // the field cipher stays its own chunk, loaded when the password field is focused
    name: 'domain-pages',
    priority: 1,
    minShareCount: 2,
    entriesAware: true,
    entriesAwareMergeThreshold: 50_000,
    test: /domain[\\/]src[\\/](?!cipher\.)/,
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
