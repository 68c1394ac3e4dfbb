import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PII_KEY } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { loanCertifications } from '../src/db/schema.ts';
import { sealMigratedValues } from '../src/db/start-sealing.ts';
import { SealedValueError } from '../src/lib/at-rest.ts';
import { open } from '../src/lib/sealed-columns.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { sealV1 } from './helpers/sealed-v1.ts';

/**
 * Values sealed in the earlier v1 format name no key and are bound to nothing, so one copied to another row
 * would open there. The start binds them: each becomes v2 under the current key, bound to its table, row and
 * column; one that no key opens is left as it is.
 */
const CARD = '6222020200112233445';

let t: TestApp;
let a: ReadyBorrower;
let b: ReadyBorrower;

async function cardOf(userId: number): Promise<string | null> {
  const [row] = await t.db
    .select({ card: loanCertifications.bankCardEnc })
    .from(loanCertifications)
    .where(eq(loanCertifications.userId, userId));
  return row?.card ?? null;
}

const setCard = (userId: number, value: string) =>
  t.db.update(loanCertifications).set({ bankCardEnc: value }).where(eq(loanCertifications.userId, userId));

beforeAll(async () => {
  t = await createTestApp();
  a = await makeReadyBorrower(t, 'v1_owner');
  b = await makeReadyBorrower(t, 'v1_other');
});
afterAll(() => t.close());

describe('v1 sealed values at start', () => {
  it('are re-sealed as v2 bound to their row: the value opens there and not when copied to another row', async () => {
    const v1 = sealV1(DEFAULT_PII_KEY, CARD);
    // before: the same v1 value opens for any row
    expect(open(t.config, 'bankCard', b.userId, v1)).toBe(CARD);
    await setCard(a.userId, v1);

    expect(await sealMigratedValues(t.db as unknown as Database, t.config)).toBeGreaterThanOrEqual(1);
    const bound = await cardOf(a.userId);
    expect(bound?.startsWith(`v2.${t.config.piiKeys.currentId}.`)).toBe(true);
    expect(open(t.config, 'bankCard', a.userId, bound ?? '')).toBe(CARD);
    expect(() => open(t.config, 'bankCard', b.userId, bound ?? '')).toThrow(SealedValueError);

    // a second start has nothing left to do for it
    await sealMigratedValues(t.db as unknown as Database, t.config);
    expect(await cardOf(a.userId)).toBe(bound);
  });

  it('leave a v1 value no key of the ring opens as it is', async () => {
    const foreign = sealV1('11'.repeat(32), CARD);
    await setCard(b.userId, foreign);
    await sealMigratedValues(t.db as unknown as Database, t.config);
    expect(await cardOf(b.userId)).toBe(foreign);
  });
});
