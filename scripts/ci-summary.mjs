#!/usr/bin/env node
// Sums the Vitest "Tests  N failed | N passed | N skipped" lines of the given logs into one closing line.
import { readFileSync } from 'node:fs';

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const file of process.argv.slice(2)) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
  const text = readFileSync(file, 'utf8').replace(/\u001b\[[0-9;]*m/g, '');
  for (const line of text.split('\n')) {
    if (!/^\s*Tests\s+\d/.test(line)) continue;
    for (const [, n, kind] of line.matchAll(/(\d+) (passed|failed|skipped)/g)) totals[kind] += Number(n);
  }
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
