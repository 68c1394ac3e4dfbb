import { extractStyle } from '@ant-design/static-style-extract';
import { ConfigProvider } from 'antd';
import { createElement, type ReactElement } from 'react';
import type { Plugin } from 'vite';
// relative: Vite bundles its config's relative imports
import { STYLED_THEME } from '../src/app/theme.ts';

/**
 * The antd components the first page draws (the sign-in page and what every page shows: forms, buttons, inputs,
 * alerts, toasts, the loading spinner, the footer's sandbox tag): their styles are the stylesheet every page
 * loads first. Their code is mostly the `antd-core` chunk (vite.config.ts).
 */
const FIRST_PAGE_COMPONENTS = [
  'Alert',
  'Button',
  'Col',
  'Divider',
  'Empty',
  'Flex',
  'Form',
  'Input',
  'message',
  'Row',
  'Space',
  'Spin',
  'Tag',
  'Tooltip',
];

/**
 * The antd components the portal draws nowhere, neither itself nor inside another component it draws (Table draws
 * Pagination, Checkbox, Radio and Dropdown; Popconfirm draws Popover; Upload draws Progress; DatePicker's time
 * panel is its own style): their styles are left out, about a quarter of antd's CSS. A page that starts drawing
 * one takes it off this list (src/app/antd-styles.test.ts fails until it does).
 */
export const NOT_DRAWN = [
  'Affix',
  'Anchor',
  'AutoComplete',
  'BackTop',
  'BorderBeam',
  'Calendar',
  'Carousel',
  'Cascader',
  'ColorPicker',
  'FloatButton',
  'Image',
  'Listy',
  'Masonry',
  'Mentions',
  'notification',
  'QRCode',
  'Rate',
  'Slider',
  'Splitter',
  'Tabs',
  'TimePicker',
  'Tour',
  'Transfer',
  'Tree',
  'TreeSelect',
  'Watermark',
];

/** The stylesheets: the first page's components (main.tsx), and every other component drawn (app/antd-more-styles.ts). */
const STYLESHEETS: Record<string, { file: string; only: 'first' | 'more' }> = {
  'virtual:antd.css': { file: '/__antd-static.css', only: 'first' },
  'virtual:antd-more.css': { file: '/__antd-static-more.css', only: 'more' },
};

const underTheme = (node: ReactElement) => createElement(ConfigProvider, { theme: STYLED_THEME }, node);

/** One stylesheet's CSS: the first page's components, or every other component the portal draws. */
export function antdStylesheet(only: 'first' | 'more'): string {
  const set =
    only === 'first'
      ? { includes: FIRST_PAGE_COMPONENTS }
      : { excludes: [...FIRST_PAGE_COMPONENTS, ...NOT_DRAWN] };
  return extractStyle({ customTheme: underTheme, ...set });
}

/**
 * antd's styles written at build time (and when the dev server starts) with antd's own extractor, which renders
 * each component once under STYLED_THEME and collects the CSS antd would otherwise compute in the browser.
 * The app runs antd with `zeroRuntime` (src/app/theme.ts), so these stylesheets are the only source of its
 * styles. The first page needs a fifth of them: the rest load with every other page's code.
 */
export function antdStaticCss(): Plugin {
  const css = new Map<string, string>();
  const byFile = new Map(Object.values(STYLESHEETS).map((sheet) => [sheet.file, sheet.only]));
  return {
    name: 'antd-static-css',
    resolveId: (id) => STYLESHEETS[id]?.file,
    load(id) {
      const only = byFile.get(id);
      if (!only) return undefined;
      if (!css.has(id)) {
        css.set(id, antdStylesheet(only));
      }
      return css.get(id);
    },
  };
}
