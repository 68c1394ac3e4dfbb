import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as antd from 'antd';
import { describe, expect, it } from 'vitest';
import { antdStylesheet, NOT_DRAWN } from '../../build/antd-static-css.ts';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The antd components the app's code imports: `import { A, B } from 'antd'` and `antd/es/<component>/…`. */
function importedComponents(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const [, names = ''] of text.matchAll(/import\s+\{([^}]*)\}\s+from\s+'antd'/g)) {
      for (const name of names.split(',')) {
        const bare = name.trim().split(/\s+as\s+/)[0] ?? '';
        if (bare && !bare.startsWith('type ')) found.set(bare, file);
      }
    }
    for (const [, dir = ''] of text.matchAll(/from\s+'antd\/es\/([\w-]+)/g)) {
      const component = Object.keys(antd).find((key) => key.toLowerCase() === dir.replaceAll('-', ''));
      if (component) found.set(component, file);
    }
  }
  return found;
}

describe("antd's stylesheets leave out only the components the portal draws nowhere", () => {
  it('no source file imports a component whose styles are left out', () => {
    const imported = importedComponents();
    // the scan sees the app's imports (a scan that finds nothing would pass anything)
    expect(imported.has('Table')).toBe(true);
    expect(imported.has('Input')).toBe(true);
    const drawnButLeftOut = NOT_DRAWN.filter((name) => imported.has(name)).map(
      (name) => `${name} (${imported.get(name)})`,
    );
    expect(drawnButLeftOut).toEqual([]);
  });

  it('names only real antd exports', () => {
    expect(NOT_DRAWN.filter((name) => !(name in antd))).toEqual([]);
  });

  it('the second stylesheet has the drawn components and not those left out', () => {
    // antd's extractor names each component style it wrote: "|Table-Table|ant-table|…" in a cache-path rule
    const written = new Set(
      [...antdStylesheet('more').matchAll(/\|(\w+)-\w+\|ant-/g)].map(([, component]) => component),
    );
    for (const drawn of [
      'Table',
      'Pagination',
      'DatePicker',
      'Select',
      'Checkbox',
      'Upload',
      'Popover',
      'Menu',
    ]) {
      expect(written.has(drawn), drawn).toBe(true);
    }
    for (const leftOut of [
      'Transfer',
      'Cascader',
      'ColorPicker',
      'Tour',
      'Slider',
      'Tabs',
      'FloatButton',
      'Tree',
    ]) {
      expect(written.has(leftOut), leftOut).toBe(false);
    }
  });
});
