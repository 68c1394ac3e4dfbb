import type { ThemeConfig } from 'antd';
import { UI_DEFAULTS } from './ui-defaults';

/**
 * The portal's colours, each readable on white at WCAG AA (contrast ≥ 4.5:1 for normal text; theme.test.ts):
 * - PRIMARY: antd's blue #1677ff (4.1:1 on white) darkened in the same hue until it also passes on antd's
 *   light-blue selection background (#e6f4ff): 5.3:1 on white, 4.75:1 on #e6f4ff, and white text on a primary
 *   button 5.3:1. Links, the primary button, the selected menu item and the info colour use it.
 * - TEXT_DESCRIPTION: secondary and descriptive text, black at 60 % (#666 on white, 5.7:1) instead of antd's 45 %
 *   (#8c8c8c, 3.4:1).
 * - ERROR: validation messages and error texts, 5.0:1 on white instead of antd's #ff4d4f (3.3:1).
 * The plain stylesheets (src/styles) use the same values.
 */
export const PRIMARY = '#1366db';
/**
 * A hovered and a pressed primary control or link: darker than PRIMARY in the same hue (antd's own are lighter,
 * #3a88e8: 3.6:1 under white text), so a button under the pointer stays readable (6.9:1 and 8.9:1).
 */
export const PRIMARY_HOVER = '#0f56b8';
export const PRIMARY_ACTIVE = '#0c4797';
export const TEXT_DESCRIPTION = 'rgba(0, 0, 0, 0.6)';
export const ERROR = '#d32f2f';
/** placeholders (antd's select draws its own as text): black at 55 % (#737373 on white, 4.7:1) instead of 25 % */
export const TEXT_PLACEHOLDER = 'rgba(0, 0, 0, 0.55)';

/**
 * The antd theme of the portal. Its styles are written once, at build time, into a stylesheet
 * (web/build/antd-static-css.ts renders every antd component under STYLED_THEME); in the browser antd runs with
 * `zeroRuntime` and only sets class names, instead of computing and injecting each component's CSS while a page
 * renders (on a phone, most of the first render's time). Both use the fixed CSS-variable key below, so the
 * classes the components carry are the ones the stylesheet names.
 */
export const STYLED_THEME: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY,
    colorPrimaryHover: PRIMARY_HOVER,
    colorPrimaryActive: PRIMARY_ACTIVE,
    colorInfo: PRIMARY,
    colorLink: PRIMARY,
    colorLinkHover: PRIMARY_HOVER,
    colorLinkActive: PRIMARY_ACTIVE,
    colorTextTertiary: TEXT_DESCRIPTION,
    colorError: ERROR,
    colorTextPlaceholder: TEXT_PLACEHOLDER,
    borderRadius: 6,
    zIndexPopupBase: UI_DEFAULTS.zIndexBase,
  },
  cssVar: { key: 'loan' },
  hashed: false,
};

/** What the app's ConfigProvider takes: the theme above, its styles from the built stylesheet. */
export const THEME: ThemeConfig = { ...STYLED_THEME, zeroRuntime: true };
