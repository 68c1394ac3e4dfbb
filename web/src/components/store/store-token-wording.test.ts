import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { STORE_AUTH_STATUS_INFO, STORE_CREDENTIAL_TEXTS } from '@loan/domain';
import { describe, expect, it } from 'vitest';

/** The store's token is 店铺授权令牌 in every label, help and message: never the retired "MWS Auth Token". */
const SRC = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the store token in the interface', () => {
  it('is called 店铺授权令牌 by the domain texts', () => {
    for (const text of [STORE_CREDENTIAL_TEXTS.tokenRequired, STORE_CREDENTIAL_TEXTS.tokenHelp]) {
      expect(text).toContain('店铺授权令牌');
      expect(text).not.toMatch(/MWS/i);
    }
    for (const info of Object.values(STORE_AUTH_STATUS_INFO)) expect(info.nextAction).not.toMatch(/MWS/i);
  });

  it('no page text names MWS (the API paths keep their names)', () => {
    const found = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [line, i] as const)
        // texts only: in quotes, JSX text or a label; identifiers like againMwsToken are code
        .filter(([line]) => /MWS Auth|MWS 授权|MWS授权|Auth Token/i.test(line))
        .map(([line, i]) => `${relative(SRC, file)}:${i + 1} ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
