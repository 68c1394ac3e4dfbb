import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement, type ReactElement } from 'react';
import type { Plugin } from 'vite';
// relative: Vite bundles its config's relative imports
import { STYLED_THEME } from '../src/app/theme.ts';

/** The stylesheet main.tsx imports: every antd component's CSS under the portal's theme. */
const ANTD_CSS_ID = 'virtual:antd.css';
const RESOLVED = '/__antd-static.css';

/**
 * antd's styles written at build time (and when the dev server starts) with antd's own extractor, which renders
 * each component once under STYLED_THEME and collects the CSS antd would otherwise compute in the browser.
 * The app runs antd with `zeroRuntime` (src/app/theme.ts), so this stylesheet is the only source of its styles.
 */
export function antdStaticCss(): Plugin {
  let css: string | undefined;
  return {
    name: 'antd-static-css',
    resolveId: (id) => (id === ANTD_CSS_ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      css ??= extractStyle((node: ReactElement) =>
        createElement(ConfigProvider, { theme: STYLED_THEME }, node),
      );
      return css;
    },
  };
}
