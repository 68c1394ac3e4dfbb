/// <reference types="vite/client" />

/** Field cipher key and iv, fixed at build time (vite.config.ts `define`). */
declare const __FIELD_CIPHER_KEY__: string;
declare const __FIELD_CIPHER_IV__: string;

interface ImportMetaEnv {
  /** The one API base; `/api` when unset. */
  readonly VITE_API_BASE?: string;
}

/** antd's stylesheet, written at build time (build/antd-static-css.ts). */
declare module 'virtual:antd.css';

/** antd's styles of the components the first page does not draw (build/antd-static-css.ts). */
declare module 'virtual:antd-more.css';
