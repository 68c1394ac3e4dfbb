import { RSP, rspText } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceAdapter } from '../src/adapters/marketplace/marketplace.ts';
import {
  createSandboxMarketplace,
  SANDBOX_DEMO_ANNUAL_SALES_FEN,
} from '../src/adapters/marketplace/sandbox.ts';
import type { AppContext } from '../src/context.ts';
import { auditLog, sellerStores, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { open } from '../src/lib/sealed-columns.ts';
import { insertUser } from '../src/modules/contacts/contacts.ts';
import { storeForApplication } from '../src/modules/stores/service.ts';
import { cipher, login, type TestApp, tableCounts } from './helpers/app.ts';
import {
  BAD_CREDENTIALS_TOKEN,
  CHECK_OUTAGE_TOKEN,
  countingMarketplace,
  DAY,
  DEMO_SELLER,
  GOOD_TOKEN,
  REVOKED_TOKEN,
  storeCalls,
  storesSetup,
} from './helpers/stores.ts';

let t: TestApp;
let marketplace: ReturnType<typeof countingMarketplace>;
let demoToken: string;
let logLines: string[];

beforeAll(async () => {
  ({ t, marketplace, demoToken, logLines } = await storesSetup());
});
afterAll(() => t.close());

/** A second (third, …) ready borrower: password already changed. */
async function borrower(loginId: string, phone: string): Promise<{ id: number; token: string }> {
  const row = await insertUser(
    t.db,
    t.config,
    {
      loginId,
      passwordHash: await hashPassword('Borrower1234'),
      userNameCn: '王五',
      uptPwdTime: t.clock.now(),
      createdAt: t.clock.now(),
    },
    { phone, email: `${loginId}@example.com` },
  );
  if (!row) throw new Error('no user');
  return { id: row.id, token: await login(t.app, loginId, 'Borrower1234') };
}

const { check, authorise } = storeCalls(() => t);

async function storeRow(userId: number) {
  const [row] = await t.db.select().from(sellerStores).where(eq(sellerStores.userId, userId));
  return row;
}

async function userId(loginId: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, loginId));
  if (!row) throw new Error(loginId);
  return row.id;
}

function ctxFor(mp: MarketplaceAdapter): AppContext {
  const log = { warn: () => undefined } as unknown as AppContext['log'];
  return { config: t.config, db: t.db, now: t.clock.now, marketplace: mp, log } as AppContext;
}

describe('POST /seller/againMwsToken: marketplace refusals record one audit line and nothing else', () => {
  const refusals: Array<[string, string, string, string]> = [
    ['wrong credentials', DEMO_SELLER, BAD_CREDENTIALS_TOKEN, RSP.STORE_AUTH_FAILED],
    ['suspended store', 'A1SUSPEND0099', GOOD_TOKEN, RSP.STORE_SUSPENDED],
    ['marketplace does not answer', 'A1TIMEOUT0098', GOOD_TOKEN, RSP.STORE_MARKETPLACE_UNAVAILABLE],
  ];
  it.each(refusals)('%s', async (_name, sellerId, token, code) => {
    const before = await tableCounts(t.db);
    const res = await authorise(demoToken, sellerId, cipher(token));
    expect(res.status).toBe(200);
    expect(res.response.rspCode).toBe(code);
    expect(res.response.rspDesc).toBe(rspText(code as typeof RSP.STORE_AUTH_FAILED));
    expect(await tableCounts(t.db)).toEqual({ ...before, audit_log: (before.audit_log ?? 0) + 1 });
    const lines = await t.db.select().from(auditLog).where(eq(auditLog.action, 'store.authorise_refused'));
    expect(lines.at(-1)?.detail).toMatchObject({ sellerId, rspCode: code });
    expect(JSON.stringify(lines)).not.toContain(token);
    expect((await check(demoToken)).result.shopAuth).toBe('01');
  });
});

describe('POST /seller/againMwsToken: success', () => {
  it('authorises the demo store for 365 days; the token is sealed at rest and never returned', async () => {
    const res = await authorise(demoToken, ` ${DEMO_SELLER.toLowerCase()} `, cipher(GOOD_TOKEN));
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toEqual({
      storeInfo: { sellerId: DEMO_SELLER, sellerName: '明远跨境旗舰店' },
      shopAuth: '03',
      marketplaceIds: ['ATVPDKIKX0DER', 'A1F83G8C2ARO7P'],
      authorisedAt: t.clock.now().toISOString(),
      expiresAt: new Date(t.clock.now().getTime() + 365 * DAY).toISOString(),
      checkedAt: t.clock.now().toISOString(),
      // the sandbox banks' rule, shown before applying: 30 % of the trailing twelve months' sales
      annualSales: '2400000.00',
      estimatedLimit: '720000.00',
    });
    const row = await storeRow(await userId('demo'));
    if (!row?.tokenEnc) throw new Error('no row');
    expect(row.status).toBe('03');
    expect(row.annualSalesFen).toBe(SANDBOX_DEMO_ANNUAL_SALES_FEN);
    expect(row.tokenEnc).not.toContain(GOOD_TOKEN);
    expect(row.tokenEnc).not.toContain('1a2b3c4d');
    expect(row.tokenEnc.startsWith(`v2.${t.config.storeTokenKeys.currentId}.`)).toBe(true);
    expect(open(t.config, 'storeToken', row.userId, row.tokenEnc)).toBe(GOOD_TOKEN);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'store.authorised'));
    expect(audit?.userId).toBe(row.userId);
    expect(JSON.stringify(audit)).not.toContain(GOOD_TOKEN);
  });

  it('the check asks the marketplace and stays 03; no response and no log line carries the token', async () => {
    const calls = marketplace.calls.check;
    const res = await check(demoToken);
    expect(res.result.shopAuth).toBe('03');
    expect(res.result.storeInfo).toEqual({ sellerId: DEMO_SELLER, sellerName: '明远跨境旗舰店' });
    expect(res.result).toMatchObject({ annualSales: '2400000.00', estimatedLimit: '720000.00' });
    expect(marketplace.calls.check).toBe(calls + 1);
    expect(JSON.stringify(res)).not.toContain('amzn.mws');
    expect(logLines.join('\n')).not.toContain(GOOD_TOKEN);
    expect(logLines.join('\n')).not.toContain('1a2b3c4d-5e6f');
  });

  it('re-authorising replaces the token of the one store of the user', async () => {
    const other = 'amzn.mws.2b2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const res = await authorise(demoToken, DEMO_SELLER, cipher(other));
    expect(res.result.shopAuth).toBe('03');
    const rows = await t.db
      .select()
      .from(sellerStores)
      .where(eq(sellerStores.userId, await userId('demo')));
    expect(rows).toHaveLength(1);
    expect(open(t.config, 'storeToken', await userId('demo'), rows[0]?.tokenEnc ?? '')).toBe(other);
  });
});

describe('cross-user', () => {
  it('user B does not see A’s store, and cannot authorise A’s seller id (3204, nothing stored)', async () => {
    const b = await borrower('userb', '13900000002');
    const seen = await check(b.token);
    expect(seen.result.storeInfo).toBeNull();
    expect(seen.result.shopAuth).toBe('01');
    const aBefore = await storeRow(await userId('demo'));
    const before = await tableCounts(t.db);
    const res = await authorise(b.token, DEMO_SELLER, cipher(GOOD_TOKEN));
    expect(res.response.rspCode).toBe(RSP.STORE_OWNED_BY_OTHER);
    expect(res.response.rspDesc).toBe(
      '该店铺已被其他账号授权，如有疑问请联系客服（客服电话 400-820-1234，工作日 09:00–18:00）',
    );
    expect(await tableCounts(t.db)).toEqual({ ...before, audit_log: (before.audit_log ?? 0) + 1 });
    expect(await storeRow(b.id)).toBeUndefined();
    expect(await storeRow(await userId('demo'))).toEqual(aBefore);
    // B can authorise a store of its own, and A still sees only A's
    expect((await authorise(b.token, 'A2USERBSTORE01', cipher(GOOD_TOKEN))).result.storeInfo?.sellerId).toBe(
      'A2USERBSTORE01',
    );
    expect((await check(demoToken)).result.storeInfo?.sellerId).toBe(DEMO_SELLER);
  });
});

describe('revoked, suspended and outages after authorising', () => {
  it('a token revoked on the marketplace shows 04 and cannot apply', async () => {
    const c = await borrower('userc', '13900000003');
    expect((await authorise(c.token, 'A3REVOKED0001', cipher(REVOKED_TOKEN))).result.shopAuth).toBe('03');
    const res = await check(c.token);
    expect(res.result.shopAuth).toBe('04');
    // a store that cannot apply shows no limit: its sales are stale
    expect(res.result).toMatchObject({ annualSales: null, estimatedLimit: null });
    expect((await storeRow(c.id))?.status).toBe('04');
  });

  it('a store suspended after authorising shows 05', async () => {
    const d = await borrower('userd', '13900000004');
    expect((await authorise(d.token, 'A4STORE00001', cipher(GOOD_TOKEN))).result.shopAuth).toBe('03');
    // the marketplace now reports the account suspended
    await t.db.update(sellerStores).set({ sellerId: 'A4STORE00099' }).where(eq(sellerStores.userId, d.id));
    expect((await check(d.token)).result.shopAuth).toBe('05');
  });

  it('the marketplace not answering keeps the stored status (never a 500), or 02 when authorising never finished', async () => {
    const e = await borrower('usere', '13900000005');
    expect((await authorise(e.token, 'A5OUTAGE0001', cipher(CHECK_OUTAGE_TOKEN))).result.shopAuth).toBe('03');
    const res = await check(e.token);
    expect(res.status).toBe(200);
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result.shopAuth).toBe('03');
    await t.db
      .update(sellerStores)
      .set({ authorisedAt: null, expiresAt: null, status: '02' })
      .where(eq(sellerStores.userId, e.id));
    expect((await check(e.token)).result.shopAuth).toBe('02');
  });
});

describe('storeForApplication', () => {
  it('gives status, seller id and sales; asks the marketplace only when the last answer is stale', async () => {
    const mp = countingMarketplace();
    const ctx = ctxFor(mp);
    const demoId = await userId('demo');
    expect(await storeForApplication(ctx, demoId)).toEqual({
      status: '03',
      sellerId: DEMO_SELLER,
      annualSalesFen: SANDBOX_DEMO_ANNUAL_SALES_FEN,
    });
    expect(mp.calls.check).toBe(0);
    t.clock.advance(11 * 60 * 1000);
    expect((await storeForApplication(ctx, demoId)).status).toBe('03');
    expect(mp.calls.check).toBe(1);
    expect((await storeForApplication(ctx, demoId)).status).toBe('03');
    expect(mp.calls.check).toBe(1);
    const nobody = await borrower('userf', '13900000006');
    expect(await storeForApplication(ctx, nobody.id)).toEqual({
      status: '01',
      sellerId: null,
      annualSalesFen: 0,
    });
    const revoked = await userId('userc');
    expect((await storeForApplication(ctx, revoked)).status).toBe('04');
  });
});

describe('expiry', () => {
  it('365 days after authorising the store is 04 without asking the marketplace; re-authorising makes it 03', async () => {
    const demoId = await userId('demo');
    const row = await storeRow(demoId);
    if (!row?.expiresAt) throw new Error('no store');
    t.clock.advance(row.expiresAt.getTime() - t.clock.now().getTime() - 1000);
    let token = await login(t.app, 'demo', 'Demo1234');
    expect((await check(token)).result.shopAuth).toBe('03');
    t.clock.advance(1000);
    token = await login(t.app, 'demo', 'Demo1234');
    const calls = marketplace.calls.check;
    const res = await check(token);
    expect(res.result.shopAuth).toBe('04');
    expect(res.result.expiresAt).toBe(row.expiresAt.toISOString());
    expect(marketplace.calls.check).toBe(calls);
    expect((await storeForApplication(ctxFor(createSandboxMarketplace()), demoId)).status).toBe('04');
    const again = await authorise(token, DEMO_SELLER, cipher(GOOD_TOKEN));
    expect(again.result.shopAuth).toBe('03');
    expect(again.result.expiresAt).toBe(new Date(t.clock.now().getTime() + 365 * DAY).toISOString());
    const [stored] = await t.db
      .select()
      .from(sellerStores)
      .where(and(eq(sellerStores.userId, demoId), eq(sellerStores.status, '03')));
    expect(stored).toBeDefined();
  });
});
