import type { ThemeConfig } from 'antd';
import { UI_DEFAULTS } from './ui-defaults';

/**
 * The antd theme of the portal. Its styles are written once, at build time, into a stylesheet
 * (web/build/antd-static-css.ts renders every antd component under STYLED_THEME); in the browser antd runs with
 * `zeroRuntime` and only sets class names, instead of computing and injecting each component's CSS while a page
 * renders (on a phone, most of the first render's time). Both use the fixed CSS-variable key below, so the
 * classes the components carry are the ones the stylesheet names.
 */
export const STYLED_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    borderRadius: 6,
    zIndexPopupBase: UI_DEFAULTS.zIndexBase,
  },
  cssVar: { key: 'loan' },
  hashed: false,
};

/** What the app's ConfigProvider takes: the theme above, its styles from the built stylesheet. */
export const THEME: ThemeConfig = { ...STYLED_THEME, zeroRuntime: true };
