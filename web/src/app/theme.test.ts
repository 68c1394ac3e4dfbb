import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { STYLED_THEME } from './theme';

/** WCAG 2 contrast: relative luminance of sRGB colours, a translucent foreground blended over its background. */
type Rgba = [number, number, number, number];

function parse(colour: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const n = Number.parseInt(full, 16);
    return [n >> 16, (n >> 8) & 255, n & 255, 1];
  }
  const parts = /^rgba?\(([^)]+)\)$/i
    .exec(colour.trim())?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean);
  if (!parts || parts.length < 3) throw new Error(`not a colour: ${colour}`);
  const [r, g, b, a = '1'] = parts;
  return [Number(r), Number(g), Number(b), Number(a)];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(foreground: string, background: string): number {
  const bg = parse(background);
  const [r, g, b, a] = parse(foreground);
  const blended: Rgba = [r * a + bg[0] * (1 - a), g * a + bg[1] * (1 - a), b * a + bg[2] * (1 - a), 1];
  const [hi, lo] = [luminance(blended), luminance(bg)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const AA = 4.5;
const token = theme.getDesignToken(STYLED_THEME);
const WHITE = '#ffffff';

describe('the theme is readable (WCAG AA, 4.5:1 for normal text)', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#1677ff', '#fff')).toBeCloseTo(4.1, 1);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#fff')).toBeCloseTo(3.36, 1);
  });

  it.each([
    ['colorPrimary', token.colorPrimary],
    ['colorLink', token.colorLink],
    ['colorInfo', token.colorInfo],
    ['colorText', token.colorText],
    ['colorTextSecondary', token.colorTextSecondary],
    ['colorTextTertiary', token.colorTextTertiary],
    ['colorTextDescription', token.colorTextDescription],
    ['colorTextLabel', token.colorTextLabel],
    ['colorErrorText', token.colorErrorText],
  ])('%s (%s) on white, on the page background and on the selection background', (_name, colour) => {
    expect(contrast(colour, WHITE)).toBeGreaterThanOrEqual(AA);
    expect(contrast(colour, token.colorBgLayout)).toBeGreaterThanOrEqual(AA);
    if (_name === 'colorPrimary' || _name === 'colorLink')
      expect(contrast(colour, token.controlItemBgActive)).toBeGreaterThanOrEqual(AA);
  });

  it('the primary button: its white text on the primary colour, hovered and pressed too', () => {
    for (const ground of [token.colorPrimary, token.colorPrimaryHover, token.colorPrimaryActive])
      expect(contrast(token.colorTextLightSolid, ground)).toBeGreaterThanOrEqual(AA);
  });

  it('a hovered or pressed link reads on white', () => {
    for (const colour of [token.colorLinkHover, token.colorLinkActive])
      expect(contrast(colour, WHITE)).toBeGreaterThanOrEqual(AA);
  });
});

/**
 * A tag's text on its light ground, in every preset hue and status a page may pass to <Tag color>: antd's shade 7
 * on shade 1 (or the status colour on its background) unless content.css darkens it. Which colours the data shows
 * can change with what a borrower did (an SMS sign-in shows a cyan tag), so every one must read.
 */
describe('every tag colour reads at 4.5:1 or more on its ground', () => {
  const css = readFileSync(join(import.meta.dirname, '..', 'styles', 'content.css'), 'utf8');
  const override = (name: string) =>
    new RegExp(`\\.ant-tag-${name}:not\\([^{]*\\{[^}]*?color:\\s*(#[0-9a-f]{3,6})`, 'i').exec(css)?.[1];
  const tokens = token as unknown as Record<string, string>;
  const HUES = [
    'red',
    'volcano',
    'orange',
    'gold',
    'yellow',
    'lime',
    'green',
    'cyan',
    'blue',
    'geekblue',
    'purple',
    'magenta',
  ];
  const STATUSES: Array<[string, string, string]> = [
    ['success', token.colorSuccess, token.colorSuccessBg],
    ['warning', token.colorWarning, token.colorWarningBg],
    ['error', token.colorError, token.colorErrorBg],
    ['processing', token.colorInfo, token.colorInfoBg],
  ];

  it('finds the darker shades in content.css', () => {
    expect(override('cyan')).toBe('#006d75');
  });

  it.each(HUES)('%s', (hue) => {
    const text = override(hue) ?? tokens[`${hue}7`] ?? '';
    expect(contrast(text, tokens[`${hue}1`] ?? '')).toBeGreaterThanOrEqual(AA);
  });

  it.each(STATUSES)('%s', (status, colour, ground) => {
    expect(contrast(override(status) ?? colour, ground)).toBeGreaterThanOrEqual(AA);
  });
});

/** dark text on a light ground in the plain stylesheets; white or light colours sit on the coloured panels */
const LIGHT_ON_DARK = /^(#fff|#ffffff|rgba\(255, 255, 255, [\d.]+\))$/i;
/** icons, not text (WCAG's 4.5:1 is for text) */
const ICON_RULES = ['.route-error-icon', '.auth-points .anticon'];

describe('the plain stylesheets colour text at 4.5:1 or more on white', () => {
  const dir = join(import.meta.dirname, '..', 'styles');
  const files = readdirSync(dir).filter((f) => f.endsWith('.css'));
  const declarations = files.flatMap((file) => {
    const css = readFileSync(join(dir, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    return [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].flatMap(([, selector = '', body = '']) =>
      [...body.matchAll(/(?:^|;|\s)color:\s*([^;]+);/g)].map(([, colour = '']) => ({
        file,
        selector: selector.trim().replace(/\s+/g, ' '),
        colour: colour.trim(),
      })),
    );
  });

  it('finds the text colours', () => {
    expect(declarations.length).toBeGreaterThan(10);
  });

  it('each dark text colour reads on white', () => {
    const failing = declarations
      .filter(({ colour }) => !LIGHT_ON_DARK.test(colour) && !/^(inherit|currentcolor|var\()/i.test(colour))
      .filter(({ selector }) => !ICON_RULES.some((rule) => selector.includes(rule)))
      .filter(({ selector }) => !/:hover|:active/.test(selector))
      .filter(({ colour }) => contrast(colour, WHITE) < AA)
      .map(({ file, selector, colour }) => `${file} ${selector}: ${colour}`);
    expect(failing).toEqual([]);
  });
});
