import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { animationsDone } from './support.ts';

/** axe's source, run through the DevTools protocol (the portal's CSP rightly refuses an injected script tag) */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

export async function audit(page: Page): Promise<string[]> {
  // colours are measured as drawn: a control still easing from one state to another (a button enabled as the
  // page settles) is measured once its transition has ended, not half-way
  await animationsDone(page);
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    })) as { violations: Violation[] };
    return result.violations;
  });
  return violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id} (${v.help}): ${JSON.stringify(node.target)} ${node.failureSummary ?? ''}`),
  );
}

export const mainCount = (page: Page) =>
  page.evaluate(() => document.querySelectorAll('main, [role="main"]').length);
