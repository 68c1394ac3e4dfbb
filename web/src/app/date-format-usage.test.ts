import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The pages write dates one way, with the domain's formatDate and formatDateTime ("YYYY-MM-DD",
 * "YYYY-MM-DD HH:mm:ss", Shanghai time): no locale formatting of their own, whose output depends on the browser.
 */
const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const FORBIDDEN: ReadonlyArray<[string, RegExp]> = [
  ['toLocaleString', /\.toLocaleString\(/],
  ['toLocaleDateString', /\.toLocaleDateString\(/],
  ['toLocaleTimeString', /\.toLocaleTimeString\(/],
  ['Intl.DateTimeFormat', /Intl\.DateTimeFormat/],
  ['a date written with 年月日', /\}年\$\{|\d年\d{1,2}月\d{1,2}日/],
  ['a date written with slashes', /['"`]YYYY\/MM\/DD|replaceAll\('-', '\/'\)/],
];

describe('dates on the pages', () => {
  it('are written only by the domain formatters', () => {
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const [name, pattern] of FORBIDDEN) {
          if (pattern.test(line)) found.push(`${relative(SRC, file)}:${index + 1} ${name}`);
        }
      });
    }
    expect(found).toEqual([]);
  });
});
