import {
  AGREEMENT_KINDS,
  type AgreementKind,
  type AgreementStatusResult,
  type AgreementText,
  RSP,
} from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementAcceptances, agreementVersions, auditLog, users } from '../src/db/schema.ts';
import { seedAgreementVersions } from '../src/modules/agreements/seed.ts';
import { agreementsAccepted, issueReadToken } from '../src/modules/agreements/service.ts';
import { agreementCalls, LATEST, sha256 } from './helpers/agreements.ts';
import { call, createTestApp, login, MINUTE, type TestApp, tableCounts } from './helpers/app.ts';
import { addBorrower } from './helpers/borrowers.ts';

let t: TestApp;
let demoId: number;
let otherId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedAgreementVersions(t.db, t.clock.now());
  otherId = await addBorrower(t.db, t.config, 'agrother', 'Other1234', t.clock.now());
  const [demo] = await t.db.select({ id: users.id }).from(users).where(eq(users.loginId, 'demo'));
  demoId = demo?.id ?? 0;
});
afterAll(() => t.close());

const { getText, accept, readLongEnough } = agreementCalls(() => t);

const TEXT = '/users/agreement';
const STATUS = '/users/agreementStatus';
const READ = '/users/userReadAgr';

describe('reading and accepting', () => {
  it('with a session the text carries a read token; accepting too early is 3302 and records nothing', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const text = (await getText('SERVICE', token)).result;
    expect(text.readToken).toMatch(/^\d+\.[0-9a-f]{64}$/);
    expect(text.acceptedAt).toBeNull();
    t.clock.advance(9_000);
    const before = await tableCounts(t.db);
    const early = await accept(text, token);
    expect(early.response).toEqual({
      rspCode: RSP.AGREEMENT_READ_TOO_SHORT,
      rspDesc: '请完整阅读《融资咨询服务协议》，1 秒后可同意',
    });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('after the reading time it records who, which text, when and from where, once', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const text = (await getText('SERVICE', token)).result;
    readLongEnough('SERVICE');
    const acceptedAt = t.clock.now().toISOString();
    const res = await accept(text, token);
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toEqual({ kind: 'SERVICE', version: LATEST.SERVICE, acceptedAt });

    const [row] = await t.db
      .select()
      .from(agreementAcceptances)
      .where(and(eq(agreementAcceptances.userId, demoId), eq(agreementAcceptances.kind, 'SERVICE')));
    expect(row).toMatchObject({ textHash: text.textHash, ip: '127.0.0.1', userAgent: 'vitest-agent' });
    expect(row?.acceptedAt.toISOString()).toBe(acceptedAt);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'agreement.accepted'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: demoId, detail: { kind: 'SERVICE', version: LATEST.SERVICE } });

    // accepting again: the first time, no second row
    t.clock.advance(MINUTE);
    const again = await accept(text, token);
    expect(again.result.acceptedAt).toBe(acceptedAt);
    const rows = await t.db
      .select()
      .from(agreementAcceptances)
      .where(eq(agreementAcceptances.userId, demoId));
    expect(rows).toHaveLength(1);
    expect((await getText('SERVICE', token)).result.acceptedAt).toBe(acceptedAt);
  });

  it('refuses tokens that are not this user’s, not this version’s, altered or older than 24 h (1001)', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const other = await login(t.app, 'agrother', 'Other1234');
    const info = (await getText('INFO', token)).result;
    const general = (await getText('GENERAL', token)).result;
    readLongEnough('INFO');
    const before = await tableCounts(t.db);
    const [mac = ''] = info.readToken.split('.').slice(1);
    const cases: Array<[string, string, Record<string, unknown>]> = [
      ['another user’s token', other, {}],
      ['a token of another kind', token, { readToken: general.readToken }],
      ['an altered time', token, { readToken: `${Number(info.readToken.split('.')[0]) - 60_000}.${mac}` }],
      [
        'an altered mac',
        token,
        { readToken: `${info.readToken.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}` },
      ],
      ['garbage', token, { readToken: 'x.y' }],
      ['an unknown version', token, { version: 'v9' }],
    ];
    for (const [name, who, overrides] of cases) {
      const res = await accept(info, who, overrides);
      expect(res.response, name).toEqual({
        rspCode: RSP.INVALID_INPUT,
        rspDesc: '阅读凭证无效，请刷新页面后重新阅读',
      });
    }
    // a token the server issued more than 24 h ago
    const stale = issueReadToken(
      t.config.agreementReadSecret,
      demoId,
      (await versionId('INFO', 'v1')) ?? 0,
      new Date(t.clock.now().getTime() - 24 * 60 * MINUTE - 1),
    );
    expect((await accept(info, token, { readToken: stale })).response.rspCode).toBe(RSP.INVALID_INPUT);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('a text hash that is not the current text is 3303', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const info = (await getText('INFO', token)).result;
    readLongEnough('INFO');
    const before = await tableCounts(t.db);
    const res = await accept(info, token, { textHash: sha256('另一份文本') });
    expect(res.response.rspCode).toBe(RSP.AGREEMENT_VERSION_OUTDATED);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it.each([
    ['missing fields', {}],
    ['unknown kind', { kind: 'LOAN', version: 'v1', textHash: 'a', readToken: 'b' }],
    ['number version', { kind: 'INFO', version: 1, textHash: 'a', readToken: 'b' }],
    ['huge token', { kind: 'INFO', version: 'v1', textHash: 'a', readToken: 'b'.repeat(100_000) }],
    ['extra field', { kind: 'INFO', version: 'v1', textHash: 'a', readToken: 'b', userId: 1 }],
    ['array body', [1, 2]],
  ])('bad input (%s) → non-0000, nothing changes, no 500', async (_name, body) => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const before = await tableCounts(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${READ}`,
      headers: { accessToken: token },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.rspCode).not.toBe(RSP.OK);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('401 without a session, 2005 for a user who must change the password', async () => {
    expect((await call(t.app, 'GET', STATUS)).status).toBe(401);
    expect(
      (await call(t.app, 'POST', READ, { kind: 'INFO', version: 'v1', textHash: 'a', readToken: 'b' }))
        .status,
    ).toBe(401);
    const newbie = await login(t.app, 'newbie', 'Newbie1234');
    expect((await call(t.app, 'GET', STATUS, undefined, { token: newbie })).response.rspCode).toBe(
      RSP.MUST_CHANGE_PASSWORD,
    );
    expect(
      (
        await call(
          t.app,
          'POST',
          READ,
          { kind: 'INFO', version: 'v1', textHash: 'a', readToken: 'b' },
          { token: newbie },
        )
      ).response.rspCode,
    ).toBe(RSP.MUST_CHANGE_PASSWORD);
  });
});

async function versionId(kind: AgreementKind, version: string): Promise<number | undefined> {
  const [row] = await t.db
    .select({ id: agreementVersions.id })
    .from(agreementVersions)
    .where(and(eq(agreementVersions.kind, kind), eq(agreementVersions.version, version)));
  return row?.id;
}

async function acceptAll(token: string): Promise<void> {
  const texts = await Promise.all(AGREEMENT_KINDS.map(async (kind) => (await getText(kind, token)).result));
  t.clock.advance(10_000);
  for (const text of texts) expect((await accept(text, token)).response.rspCode).toBe(RSP.OK);
}

describe('GET /users/agreementStatus and new versions', () => {
  it('lists the four kinds; all accepted once each current version is', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const partial = await call<AgreementStatusResult>(t.app, 'GET', STATUS, undefined, { token });
    expect(partial.result.allAccepted).toBe(false);
    expect(partial.result.items.map((i) => [i.kind, i.route, i.accepted])).toEqual([
      ['GENERAL', '/agreement', false],
      ['SERVICE', '/serviceAgreement', true],
      ['INFO', '/infoAgreement', false],
      ['RELEASE', '/releaseForm', false],
    ]);
    expect(await agreementsAccepted(t.db, demoId)).toBe(false);
    await acceptAll(token);
    const all = await call<AgreementStatusResult>(t.app, 'GET', STATUS, undefined, { token });
    expect(all.result.allAccepted).toBe(true);
    expect(all.result.items.every((i) => i.accepted && i.acceptedAt && i.version === LATEST[i.kind])).toBe(
      true,
    );
    expect(await agreementsAccepted(t.db, demoId)).toBe(true);
  });

  it('another borrower sees none of them', async () => {
    const other = await login(t.app, 'agrother', 'Other1234');
    const res = await call<AgreementStatusResult>(t.app, 'GET', STATUS, undefined, { token: other });
    expect(res.result.items.some((i) => i.accepted || i.acceptedAt)).toBe(false);
    expect((await getText('SERVICE', other)).result.acceptedAt).toBeNull();
    expect(await agreementsAccepted(t.db, otherId)).toBe(false);
  });

  it('publishing a new version asks again; the old text cannot be accepted any more (3303)', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const old = (await getText('SERVICE', token)).result;
    const body = `${old.body}\n\n第九条 附则\n本协议第四版自发布之日起施行。`;
    await t.db.insert(agreementVersions).values({
      kind: 'SERVICE',
      version: 'v4',
      title: old.title,
      body,
      textHash: sha256(body),
      publishedAt: t.clock.now(),
    });
    const status = await call<AgreementStatusResult>(t.app, 'GET', STATUS, undefined, { token });
    expect(status.result.allAccepted).toBe(false);
    expect(status.result.items.find((i) => i.kind === 'SERVICE')).toMatchObject({
      version: 'v4',
      accepted: false,
      acceptedAt: null,
    });
    expect(await agreementsAccepted(t.db, demoId)).toBe(false);

    readLongEnough('SERVICE');
    const stale = await accept(old, token);
    expect(stale.response.rspCode).toBe(RSP.AGREEMENT_VERSION_OUTDATED);

    const v2 = (await getText('SERVICE', token)).result;
    expect(v2).toMatchObject({ version: 'v4', acceptedAt: null, textHash: sha256(body) });
    readLongEnough('SERVICE');
    expect((await accept(v2, token)).result.version).toBe('v4');
    expect(await agreementsAccepted(t.db, demoId)).toBe(true);

    // the version signed before stays readable as it was, and cannot be signed again
    const v1 = await call<AgreementText>(
      t.app,
      'GET',
      TEXT,
      { kind: 'SERVICE', version: old.version },
      { token },
    );
    expect(v1.result).toMatchObject({
      version: old.version,
      body: old.body,
      textHash: old.textHash,
      readToken: '',
    });
    expect(v1.result.acceptedAt).toEqual(expect.any(String));
    const named = await call<AgreementText>(
      t.app,
      'GET',
      TEXT,
      { kind: 'SERVICE', version: 'v4' },
      { token },
    );
    expect(named.result.readToken).not.toBe('');
    const visitor = await call<AgreementText>(t.app, 'GET', TEXT, { kind: 'SERVICE', version: old.version });
    expect(visitor.result).toMatchObject({ body: old.body, readToken: '', acceptedAt: null });
    const unknown = await call<AgreementText>(
      t.app,
      'GET',
      TEXT,
      { kind: 'SERVICE', version: 'v9' },
      { token },
    );
    expect(unknown.response).toEqual({ rspCode: RSP.INVALID_INPUT, rspDesc: `《${old.title}》没有版本 v9` });
  });
});
