import { type LoanContractView, RSP, type UserInfo } from '@loan/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { keyStatus, rotateKeys } from '../src/cli/keys/commands.ts';
import { DEFAULT_PII_KEY, DEFAULT_STORE_TOKEN_KEY, loadConfig } from '../src/config.ts';
import { loanCertifications } from '../src/db/schema.ts';
import type { App } from '../src/http.ts';
import { open, SEALED_COLUMNS, type SealedColumnName } from '../src/lib/sealed-columns.ts';
import { call, createTestApp, MINUTE, type TestApp } from './helpers/app.ts';
import { applicationCalls, okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { setContacts } from './helpers/contacts.ts';
import { approvedApplication } from './helpers/contracts.ts';
import { latestCode } from './helpers/outbox.ts';
import { giveStoreToken } from './helpers/receiving.ts';
import { sealV1 } from './helpers/sealed-v1.ts';

/**
 * Key rotation: values sealed under key A (the development keys, id pii-dev / store-dev), some still in the v1
 * format, are re-sealed by `npm run keys -- rotate` under key B with A still in the keyring; afterwards every
 * value carries B's id and opens with B alone, SMS login finds the phone under the new lookup key, and a second
 * rotation changes nothing.
 */
const KEY_B = '5c'.repeat(32);
const STORE_KEY_B = '6d'.repeat(32);
const B_ENV = {
  NODE_ENV: 'development',
  PII_KEY: KEY_B,
  PII_KEY_ID: 'pii-b',
  STORE_TOKEN_KEY: STORE_KEY_B,
  STORE_TOKEN_KEY_ID: 'store-b',
  PII_LOOKUP_KEY: 'lookup-key-b-0123456789abcdef0123456789',
};
const WITH_A = loadConfig({
  ...B_ENV,
  PII_OLD_KEYS: `pii-dev:${DEFAULT_PII_KEY}`,
  STORE_TOKEN_OLD_KEYS: `store-dev:${DEFAULT_STORE_TOKEN_KEY}`,
});
const B_ALONE = loadConfig(B_ENV);
const PHONE = '13722223333';

let t: TestApp;
let borrower: ReadyBorrower;
let contractRowId: number;

beforeAll(async () => {
  t = await createTestApp();
  borrower = await makeReadyBorrower(t, 'rotate_me');
  await setContacts(t, borrower.userId, { phone: PHONE });
  await giveStoreToken(t, borrower.userId);
  // a signed contract (its text and parties) and a code in the sandbox outbox (its recipient)
  contractRowId = await approvedApplication(t, borrower);
  okResult(await applicationCalls(t).sign(borrower.token, contractRowId));
  okResult(await call(t.app, 'POST', '/application_vue/sendLoginSms', { phone: PHONE }));
  // a card still in the v1 format, as stored before values were bound to their row
  await t.db
    .update(loanCertifications)
    .set({ bankCardEnc: sealV1(DEFAULT_PII_KEY, '6222020200112233445') })
    .where(eq(loanCertifications.userId, borrower.userId));
});
afterAll(() => t.close());

interface Stored {
  name: SealedColumnName;
  row: number;
  value: string;
}

async function everySealedValue(): Promise<Stored[]> {
  const out: Stored[] = [];
  for (const [name, spec] of Object.entries(SEALED_COLUMNS) as [
    SealedColumnName,
    (typeof SEALED_COLUMNS)[SealedColumnName],
  ][]) {
    const result = await t.db.execute(
      sql`select ${sql.identifier(spec.keyColumn)} as row, ${sql.identifier(spec.column)} as value
          from ${sql.identifier(spec.table)} where ${sql.identifier(spec.column)} is not null`,
    );
    for (const r of (result as unknown as { rows: { row: number; value: string }[] }).rows) {
      out.push({ name, row: Number(r.row), value: r.value });
    }
  }
  return out;
}

async function appWith(config: typeof B_ALONE): Promise<App> {
  const app = await buildApp({ config, db: t.db, now: t.clock.now, logger: false });
  await app.ready();
  return app;
}

describe('npm run keys -- rotate', () => {
  it('re-seals everything under B with A in the ring; afterwards B alone opens all, and a second run changes nothing', async () => {
    const before = await everySealedValue();
    const plain = before.map((v) => open(t.config, v.name, v.row, v.value));
    expect(before.some((v) => v.value.startsWith('v1.'))).toBe(true);
    expect(new Set(before.map((v) => v.name))).toEqual(
      new Set([
        'userPhone',
        'userEmail',
        'legalName',
        'idNumber',
        'legalPhone',
        'bankCard',
        'storeToken',
        'outboxRecipient',
        'contractBody',
        'contractParties',
      ]),
    );

    const lines: string[] = [];
    expect(await rotateKeys({ db: t.db, keys: WITH_A, print: (l) => lines.push(l) }, 2)).toBe(0);
    expect(lines.join('\n')).toContain(
      `users.phone_enc: 重新加密 re-sealed ${before.filter((v) => v.name === 'userPhone').length}`,
    );

    const after = await everySealedValue();
    expect(after.map((v) => `${v.name}:${v.row}`)).toEqual(before.map((v) => `${v.name}:${v.row}`));
    for (const [i, v] of after.entries()) {
      const id = SEALED_COLUMNS[v.name].ring === 'pii' ? 'pii-b' : 'store-b';
      expect(v.value.startsWith(`v2.${id}.`), `${v.name}:${v.row}`).toBe(true);
      expect(open(B_ALONE, v.name, v.row, v.value)).toBe(plain[i]);
    }
    expect(() =>
      open(
        t.config,
        'userPhone',
        borrower.userId,
        after.find((v) => v.name === 'userPhone' && v.row === borrower.userId)?.value ?? '',
      ),
    ).toThrow();

    const again: string[] = [];
    expect(await rotateKeys({ db: t.db, keys: WITH_A, print: (l) => again.push(l) }, 2)).toBe(0);
    expect(again.filter((l) => /re-sealed [1-9]|recomputed [1-9]/.test(l))).toEqual([]);
    expect(await everySealedValue()).toEqual(after);

    const status: string[] = [];
    await keyStatus({ db: t.db, keys: B_ALONE, print: (l) => status.push(l) });
    expect(status.join('\n')).not.toMatch(/pii-dev|store-dev|v1=/);
  });

  it('a server with key B alone answers as before: masked phone, certification, SMS login by the new lookup hash', async () => {
    const app = await appWith(B_ALONE);
    try {
      const info = await call<UserInfo>(app, 'GET', '/users/getUserInfo', undefined, {
        token: borrower.token,
      });
      expect(info.result).toMatchObject({ phone: '137****3333', email: 'rotate_me@example.com' });
      const cert = await call(app, 'GET', '/users/loanCertification', undefined, { token: borrower.token });
      expect(cert.result).toMatchObject({ certification: { bankCardMasked: '6222 **** **** 3445' } });
      t.clock.advance(2 * MINUTE);
      expect(
        (await call(app, 'POST', '/application_vue/sendLoginSms', { phone: PHONE })).response.rspCode,
      ).toBe(RSP.OK);
      const contract = await call<LoanContractView>(
        app,
        'GET',
        '/loanMgr/loanContract',
        {
          rowId: String(contractRowId),
        },
        { token: borrower.token },
      );
      expect(contract.response.rspCode).toBe(RSP.OK);
      expect(contract.result.signed).not.toBeNull();
      expect(contract.result.body).toContain(contract.result.parties.legalRepresentative);
      const code = await latestCode(app, PHONE);
      const login = await call(app, 'POST', '/application_vue/smsLogin', { phone: PHONE, code });
      expect(login.response.rspCode).toBe(RSP.OK);
    } finally {
      await app.close();
    }
  });
});
