import { RSP, rspText, STORE_CREDENTIAL_TEXTS } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxMarketplace } from '../src/adapters/marketplace/sandbox.ts';
import { call, cipher, createTestApp, login, START, type TestApp, tableCounts } from './helpers/app.ts';
import {
  AGAIN,
  BAD_CREDENTIALS_TOKEN,
  CHECK,
  CHECK_OUTAGE_TOKEN,
  DAY,
  DEMO_SELLER,
  GOOD_TOKEN,
  REVOKED_TOKEN,
  storeCalls,
  storesSetup,
} from './helpers/stores.ts';

let t: TestApp;
let demoToken: string;

beforeAll(async () => {
  ({ t, demoToken } = await storesSetup());
});
afterAll(() => t.close());

const { check, authorise } = storeCalls(() => t);

describe('sandbox marketplace', () => {
  it('is deterministic: names, marketplaces and sales from the seller id, the demo seller fixed', async () => {
    const mp = createSandboxMarketplace();
    const a = await mp.authorise('A123456789', GOOD_TOKEN, START);
    const b = await mp.authorise('A123456789', GOOD_TOKEN, START);
    expect(a).toEqual(b);
    if (!a.ok) throw new Error('refused');
    expect(a.store.sellerName).toBe('沙箱店铺-6789');
    expect(a.store.marketplaceIds[0]).toBe('ATVPDKIKX0DER');
    expect(a.store.annualSalesFen % 100).toBe(0);
    expect(a.store.annualSalesFen).toBeGreaterThanOrEqual(500_000_00);
    expect(a.store.annualSalesFen).toBeLessThanOrEqual(5_000_000_00);
    expect(a.expiresAt.getTime() - a.authorisedAt.getTime()).toBe(365 * DAY);
    const demo = await mp.authorise(DEMO_SELLER, GOOD_TOKEN, START);
    expect(demo).toMatchObject({
      ok: true,
      store: {
        sellerName: '明远跨境旗舰店',
        marketplaceIds: ['ATVPDKIKX0DER', 'A1F83G8C2ARO7P'],
        annualSalesFen: 240_000_000,
      },
    });
    expect(await mp.authorise('A123456789', BAD_CREDENTIALS_TOKEN, START)).toEqual({
      ok: false,
      reason: 'INVALID_CREDENTIALS',
    });
    expect(await mp.authorise('A123456799', GOOD_TOKEN, START)).toEqual({ ok: false, reason: 'SUSPENDED' });
    await expect(mp.authorise('A123456798', GOOD_TOKEN, START)).rejects.toThrow();
    expect(await mp.check('A123456789', REVOKED_TOKEN, START)).toEqual({ ok: false, reason: 'REVOKED' });
    expect(await mp.check('A123456799', GOOD_TOKEN, START)).toEqual({ ok: false, reason: 'SUSPENDED' });
    await expect(mp.check('A123456789', CHECK_OUTAGE_TOKEN, START)).rejects.toThrow();
  });
});

describe('session rules', () => {
  it('401 without a token, 2005 for a user who must change the password', async () => {
    const newbie = await login(t.app, 'newbie', 'Newbie1234');
    const before = await tableCounts(t.db);
    expect((await call(t.app, 'GET', CHECK)).status).toBe(401);
    const post = await call(t.app, 'POST', AGAIN, {
      sellerId: DEMO_SELLER,
      mwsAuthToken: cipher(GOOD_TOKEN),
    });
    expect(post.status).toBe(401);
    expect(post.response.rspCode).toBe(RSP.SESSION_EXPIRED);
    expect((await check(newbie)).response.rspCode).toBe(RSP.MUST_CHANGE_PASSWORD);
    expect((await authorise(newbie, DEMO_SELLER, cipher(GOOD_TOKEN))).response.rspCode).toBe(
      RSP.MUST_CHANGE_PASSWORD,
    );
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('GET /seller/mwsTokenCheck before any authorisation', () => {
  it('no store: storeInfo null, shopAuth 01, nothing written', async () => {
    const before = await tableCounts(t.db);
    const res = await check(demoToken);
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toEqual({
      storeInfo: null,
      shopAuth: '01',
      marketplaceIds: [],
      authorisedAt: null,
      expiresAt: null,
      checkedAt: null,
      annualSales: null,
      estimatedLimit: null,
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('POST /seller/againMwsToken: bad input changes nothing', () => {
  const cases: Array<[string, Record<string, unknown>, string, string | null]> = [
    [
      'seller id too short',
      { sellerId: 'A12345678', mwsAuthToken: cipher(GOOD_TOKEN) },
      RSP.INVALID_INPUT,
      STORE_CREDENTIAL_TEXTS.sellerIdShape,
    ],
    [
      'seller id not starting with A',
      { sellerId: 'B123456789', mwsAuthToken: cipher(GOOD_TOKEN) },
      RSP.INVALID_INPUT,
      STORE_CREDENTIAL_TEXTS.sellerIdShape,
    ],
    [
      'seller id with symbols',
      { sellerId: 'A1234-56789', mwsAuthToken: cipher(GOOD_TOKEN) },
      RSP.INVALID_INPUT,
      STORE_CREDENTIAL_TEXTS.sellerIdShape,
    ],
    [
      'seller id blank',
      { sellerId: '   ', mwsAuthToken: cipher(GOOD_TOKEN) },
      RSP.INVALID_INPUT,
      STORE_CREDENTIAL_TEXTS.sellerIdRequired,
    ],
    [
      'token without prefix',
      { sellerId: DEMO_SELLER, mwsAuthToken: cipher('1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d') },
      RSP.INVALID_INPUT,
      STORE_CREDENTIAL_TEXTS.tokenShape,
    ],
    [
      'token upper-case',
      { sellerId: DEMO_SELLER, mwsAuthToken: cipher(GOOD_TOKEN.toUpperCase()) },
      RSP.INVALID_INPUT,
      STORE_CREDENTIAL_TEXTS.tokenShape,
    ],
    [
      'token not a uuid',
      { sellerId: DEMO_SELLER, mwsAuthToken: cipher('amzn.mws.not-a-uuid') },
      RSP.INVALID_INPUT,
      STORE_CREDENTIAL_TEXTS.tokenShape,
    ],
    [
      'token not cipher text',
      { sellerId: DEMO_SELLER, mwsAuthToken: GOOD_TOKEN },
      RSP.BAD_CIPHER_TEXT,
      rspText(RSP.BAD_CIPHER_TEXT),
    ],
    ['token missing', { sellerId: DEMO_SELLER }, RSP.INVALID_INPUT, null],
    ['seller id missing', { mwsAuthToken: cipher(GOOD_TOKEN) }, RSP.INVALID_INPUT, null],
    [
      'seller id a number',
      { sellerId: 1234567890, mwsAuthToken: cipher(GOOD_TOKEN) },
      RSP.INVALID_INPUT,
      null,
    ],
    ['token an object', { sellerId: DEMO_SELLER, mwsAuthToken: { a: 1 } }, RSP.INVALID_INPUT, null],
    [
      'extra field',
      { sellerId: DEMO_SELLER, mwsAuthToken: cipher(GOOD_TOKEN), userId: 1 },
      RSP.INVALID_INPUT,
      null,
    ],
    [
      'seller id huge',
      { sellerId: `A${'1'.repeat(5000)}`, mwsAuthToken: cipher(GOOD_TOKEN) },
      RSP.INVALID_INPUT,
      null,
    ],
    ['token huge', { sellerId: DEMO_SELLER, mwsAuthToken: 'x'.repeat(10_000) }, RSP.INVALID_INPUT, null],
    [
      'body over the limit',
      { sellerId: DEMO_SELLER, mwsAuthToken: 'x'.repeat(70_000) },
      RSP.PAYLOAD_TOO_LARGE,
      null,
    ],
  ];
  it.each(cases)('%s', async (_name, body, code, desc) => {
    const before = await tableCounts(t.db);
    const res = await call(t.app, 'POST', AGAIN, body, { token: demoToken });
    expect(res.status).toBe(200);
    expect(res.response.rspCode).toBe(code);
    if (desc) expect(res.response.rspDesc).toBe(desc);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('a malformed JSON body is 1002, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${AGAIN}`,
      headers: { accessToken: demoToken, 'content-type': 'application/json' },
      payload: '{"sellerId":',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.rspCode).toBe(RSP.BAD_REQUEST_BODY);
  });
});

describe('throttling', () => {
  it('guessing credentials is limited per IP like sign-in (2004)', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const token = await login(limited.app, 'demo', 'Demo1234', '10.0.0.1');
      const attempt = () =>
        call(
          limited.app,
          'POST',
          AGAIN,
          { sellerId: 'A9GUESS00001', mwsAuthToken: cipher(BAD_CREDENTIALS_TOKEN) },
          { token, ip: '10.0.0.2' },
        );
      for (let i = 0; i < 3; i += 1) expect((await attempt()).response.rspCode).toBe(RSP.STORE_AUTH_FAILED);
      expect((await attempt()).response.rspCode).toBe(RSP.TOO_MANY_REQUESTS);
    } finally {
      await limited.close();
    }
  });
});
