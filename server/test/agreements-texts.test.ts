import {
  AGREEMENT_KIND_INFO,
  AGREEMENT_KINDS,
  instalmentFeeRateSentence,
  owedSentence,
  RSP,
  UPFRONT_FEE_DUE_DAYS,
  upfrontFeeRateSentence,
} from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementVersions } from '../src/db/schema.ts';
import { seedAgreementVersions } from '../src/modules/agreements/seed.ts';
import { AGREEMENT_TEXTS } from '../src/modules/agreements/texts.ts';
import { agreementCalls, LATEST, sha256 } from './helpers/agreements.ts';
import { call, createTestApp, login, type TestApp } from './helpers/app.ts';
import { addBorrower } from './helpers/borrowers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedAgreementVersions(t.db, t.clock.now());
  await addBorrower(t.db, t.config, 'agrother', 'Other1234', t.clock.now());
});
afterAll(() => t.close());

const { getText } = agreementCalls(() => t);
const TEXT = '/users/agreement';

describe('the texts', () => {
  it('the service agreement v2 says how fees are charged; v1 is left as published', () => {
    const service = AGREEMENT_TEXTS.filter((x) => x.kind === 'SERVICE');
    expect(service.map((x) => x.version)).toEqual(['v1', 'v2', 'v3']);
    const [v1, v2] = service.map((x) => x.body);
    expect(v1).toContain('按每期应还本金余额乘以服务费率');
    expect(v2).not.toContain('每期应还本金余额');
    expect(v2).toContain('按实际放款本金乘以公示的月服务费率，每期收取相同金额，随每期还款一并收取');
    expect(v2).toContain('尚未到期各期的服务费不再收取');
    expect(v2).toContain('已减免');
    expect(v2).toContain('优惠券');
  });

  it('the service agreement v3 states when each fee is charged and what 待缴 means in the domain’s sentences', () => {
    const v3 = AGREEMENT_TEXTS.find((x) => x.kind === 'SERVICE' && x.version === 'v3')?.body ?? '';
    expect(v3).toContain(upfrontFeeRateSentence(UPFRONT_FEE_DUE_DAYS));
    expect(v3).toContain(instalmentFeeRateSentence());
    expect(v3).toContain(owedSentence());
    expect(v3).not.toContain('放款时');
  });

  it('seeding is idempotent', async () => {
    expect(await seedAgreementVersions(t.db, t.clock.now())).toBe(0);
    const rows = await t.db.select().from(agreementVersions);
    expect(rows.map((r) => `${r.kind} ${r.version}`).sort()).toEqual([
      'GENERAL v1',
      'INFO v1',
      'RELEASE v1',
      'SERVICE v1',
      'SERVICE v2',
      'SERVICE v3',
    ]);
    for (const row of rows) expect(row.textHash).toBe(sha256(row.body));
  });

  it.each(AGREEMENT_KINDS)('GET %s without a session: the full text, no read token', async (kind) => {
    const res = await getText(kind);
    expect(res.status).toBe(200);
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toMatchObject({
      kind,
      version: LATEST[kind],
      title: AGREEMENT_KIND_INFO[kind].title,
      minReadSeconds: AGREEMENT_KIND_INFO[kind].minReadSeconds,
      readToken: '',
      acceptedAt: null,
    });
    expect(res.result.textHash).toBe(sha256(res.result.body));
    expect(res.result.body.match(/^第[一二三四五六七八九十]+条/gm)?.length).toBeGreaterThanOrEqual(6);
  });

  it('the service agreement states the fee rule; the release form what is queried and for how long', async () => {
    const service = (await getText('SERVICE')).result.body;
    expect(service).toMatch(/服务费按实际放款本金乘以/);
    expect(service).toMatch(/不收取任何费用/);
    const release = (await getText('RELEASE')).result.body;
    expect(release).toMatch(/个人信用报告/);
    expect(release).toMatch(/销售额/);
    expect(release).toMatch(/授权期限/);
  });

  it.each([
    ['unknown kind', { kind: 'LOAN' }],
    ['lower case', { kind: 'service' }],
    ['missing kind', {}],
    ['huge kind', { kind: 'S'.repeat(5000) }],
  ])('%s → 1001 with a clear text', async (_name, query) => {
    const res = await call(t.app, 'GET', TEXT, query);
    expect(res.status).toBe(200);
    expect(res.response.rspCode).toBe(RSP.INVALID_INPUT);
    expect(res.response.rspDesc).toMatch(/kind|协议类型/);
  });

  it('a newbie (must change password) and a bad token read it like a visitor', async () => {
    const newbie = await login(t.app, 'newbie', 'Newbie1234');
    expect((await getText('GENERAL', newbie)).result.readToken).toBe('');
    const bogus = await getText('GENERAL', 'not-a-valid-session-token-at-all');
    expect(bogus.status).toBe(200);
    expect(bogus.result.readToken).toBe('');
  });
});
