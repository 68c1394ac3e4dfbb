import { Writable } from 'node:stream';
import { type LoanCertificationView, maskName, RSP, type UserInfo } from '@loan/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUserCommand } from '../src/cli/user-commands.ts';
import { ALL_TABLES, loanCertifications, loanContracts, users } from '../src/db/schema.ts';
import { UNREADABLE_MASK } from '../src/lib/sealed-columns.ts';
import { CONTRACT_UNREADABLE } from '../src/modules/applications/contract-kept.ts';
import { insertUser } from '../src/modules/contacts/contacts.ts';
import { call, cipher, createTestApp, MINUTE, type TestApp } from './helpers/app.ts';
import { applicationCalls, okResult } from './helpers/applications.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { approvedApplication } from './helpers/contracts.ts';
import { latestCode } from './helpers/outbox.ts';

/**
 * Phones, e-mails and the legal representative's name are sealed at rest, bound to their row and column, and
 * found through keyed hashes: the borrower's own flows (contact change, certification, SMS login, the codes in
 * the sandbox outbox, the signed contract) leave none of them in plain text in any table, and a sealed value
 * moved elsewhere does not open (the views say so, no 500).
 */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

const PHONE = '13911112222';
const EMAIL = 'sealed.owner@example.cn';
const LEGAL_NAME = '欧阳明远';
const LEGAL_PHONE = '13955556666';
const ID_NUMBER = '11010519491231002X';

let t: TestApp;
let a: ReadyBorrower;
let b: ReadyBorrower;

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'warn', stream: logStream } });
  a = await makeReadyBorrower(t, 'sealed_a');
  b = await makeReadyBorrower(t, 'sealed_b');
});
afterAll(() => t.close());

async function changeContact(who: ReadyBorrower, channel: 'sms' | 'email', target: string) {
  const { token } = who;
  t.clock.advance(2 * MINUTE);
  const sent = await call(t.app, 'POST', '/account/sendContactCode', { channel, target }, { token });
  expect(sent.response.rspCode).toBe(RSP.OK);
  const code = await latestCode(t.app, target);
  const password = cipher(who.password);
  return call(t.app, 'POST', '/account/changeContact', { channel, target, code, password }, { token });
}

async function saveCertification(borrower: ReadyBorrower) {
  const [row] = await t.db
    .select()
    .from(loanCertifications)
    .where(eq(loanCertifications.userId, borrower.userId));
  const body = {
    companyName: '深圳市跨境优选贸易有限公司',
    uscc: '91350100M000100Y43',
    legalName: LEGAL_NAME,
    idNumber: cipher(ID_NUMBER),
    legalPhone: LEGAL_PHONE,
    licenceDocId: row?.licenceDocId ?? 0,
    idFrontDocId: row?.idFrontDocId ?? 0,
    idBackDocId: row?.idBackDocId ?? 0,
  };
  return call<LoanCertificationView>(t.app, 'POST', '/users/insertLoanCertification', body, {
    token: borrower.token,
  });
}

const userInfo = (token: string) => call<UserInfo>(t.app, 'GET', '/users/getUserInfo', undefined, { token });

/** Every row of every table as text (the sandbox outbox and the signed contracts included). */
async function everyRow(): Promise<string> {
  const parts: string[] = [];
  for (const table of ALL_TABLES) {
    const result = await t.db.execute(sql.raw(`select * from ${table}`));
    parts.push(JSON.stringify((result as unknown as { rows: unknown[] }).rows));
  }
  return parts.join('\n');
}

describe('personal data at rest', () => {
  it('the contact change, the certification and SMS login leave no phone, e-mail or name in any row', async () => {
    expect((await changeContact(a, 'sms', PHONE)).response.rspCode).toBe(RSP.OK);
    expect((await changeContact(a, 'email', EMAIL)).response.rspCode).toBe(RSP.OK);
    const saved = await saveCertification(a);
    expect(saved.response.rspCode).toBe(RSP.OK);
    expect(saved.result).toMatchObject({
      legalNameMasked: maskName(LEGAL_NAME),
      legalPhoneMasked: '139****6666',
    });

    t.clock.advance(2 * MINUTE);
    expect(
      (await call(t.app, 'POST', '/application_vue/sendLoginSms', { phone: PHONE })).response.rspCode,
    ).toBe(RSP.OK);
    const code = await latestCode(t.app, PHONE);
    const login = await call(t.app, 'POST', '/application_vue/smsLogin', { phone: PHONE, code });
    expect(login.response.rspCode).toBe(RSP.OK);

    const info = await userInfo(a.token);
    expect(info.result).toMatchObject({ phone: '139****2222', email: EMAIL });

    const rows = await everyRow();
    for (const plain of [PHONE, EMAIL, LEGAL_NAME, LEGAL_PHONE, ID_NUMBER, PHONE.slice(3)]) {
      expect(rows, plain).not.toContain(plain);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, a.userId));
    expect(row?.phoneEnc?.startsWith(`v2.${t.config.piiKeys.currentId}.`)).toBe(true);
    expect(row?.phoneHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the phone is unique through its hash: a second account, a contact change and the CLI are refused', async () => {
    const values = { loginId: 'sealed_dup', passwordHash: 'x', userNameCn: '重复', createdAt: t.clock.now() };
    await expect(insertUser(t.db, t.config, values, { phone: PHONE, email: null })).rejects.toThrow();
    const taken = await call(
      t.app,
      'POST',
      '/account/sendContactCode',
      { channel: 'sms', target: PHONE },
      { token: b.token },
    );
    expect(taken.response.rspCode).toBe(RSP.CONTACT_TAKEN);
    const argv = ['create', 'sealed_cli', '--name', '王五', '--phone', PHONE, '--email', 'cli@example.cn'];
    await expect(
      runUserCommand(argv, { db: t.db, config: t.config, print: () => undefined }),
    ).rejects.toThrow(/手机号已被其他账号使用/);
  });

  it('a sealed value moved to another row or column does not open: the views say so, never a 500', async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.id, a.userId));
    const [own] = await t.db.select().from(users).where(eq(users.id, b.userId));
    const [cert] = await t.db
      .select()
      .from(loanCertifications)
      .where(eq(loanCertifications.userId, a.userId));
    const [ownCert] = await t.db
      .select()
      .from(loanCertifications)
      .where(eq(loanCertifications.userId, b.userId));
    // moved to another row: A's e-mail, legal name and ID number into B's rows; moved to another column of the
    // same row: B's own e-mail into its phone column, B's own ID number into its legal phone column
    await t.db
      .update(users)
      .set({ phoneEnc: own?.emailEnc ?? null, emailEnc: owner?.emailEnc ?? null })
      .where(eq(users.id, b.userId));
    await t.db
      .update(loanCertifications)
      .set({
        legalNameEnc: cert?.legalNameEnc,
        idNumberEnc: cert?.idNumberEnc,
        legalPhoneEnc: ownCert?.idNumberEnc,
      })
      .where(eq(loanCertifications.userId, b.userId));
    logLines.length = 0;

    const info = await userInfo(b.token);
    expect(info.status).toBe(200);
    expect(info.response.rspCode).toBe(RSP.OK);
    expect(info.result).toMatchObject({ phone: null, email: '' });

    const view = await call<{ certification: LoanCertificationView }>(
      t.app,
      'GET',
      '/users/loanCertification',
      undefined,
      { token: b.token },
    );
    expect(view.status).toBe(200);
    expect(view.result.certification).toMatchObject({
      legalNameMasked: UNREADABLE_MASK,
      idNumberMasked: UNREADABLE_MASK,
      legalPhoneMasked: UNREADABLE_MASK,
    });

    const overview = await call(t.app, 'GET', '/account/overview', undefined, { token: b.token });
    expect(overview.response.rspCode).toBe(RSP.OK);
    expect(overview.result).toMatchObject({ profile: { phoneMasked: null, emailMasked: null } });

    const log = logLines.join('\n');
    expect(log).toContain('sealed value unreadable');
    expect(log).toContain('"table":"loan_certifications"');
    for (const plain of [PHONE, EMAIL, LEGAL_NAME, ID_NUMBER]) expect(log).not.toContain(plain);
    // the owner's own values still open where they belong
    expect((await userInfo(a.token)).result).toMatchObject({ phone: '139****2222', email: EMAIL });
  });
});

describe('the loan contract', () => {
  it('is refused with a reason to act on (3401) when the legal representative’s name does not open', async () => {
    const rowId = await approvedApplication(t, b);
    const res = await applicationCalls(t).contract(b.token, rowId);
    expect(res.status).toBe(200);
    expect(res.response).toEqual({
      rspCode: RSP.CERTIFICATION_REQUIRED,
      rspDesc: '认证信息无法读取，请重新提交借款认证后再签署借款合同',
    });
  });

  it('signed, it keeps the text and parties sealed: no name in any row, the view and PDF open them', async () => {
    const api = applicationCalls(t);
    const rowId = await approvedApplication(t, a);
    const served = okResult(await api.contract(a.token, rowId));
    expect(served.body).toContain(LEGAL_NAME);
    okResult(await api.sign(a.token, rowId));

    const rows = await everyRow();
    for (const plain of [LEGAL_NAME, PHONE, EMAIL]) expect(rows, plain).not.toContain(plain);
    const [kept] = await t.db.select().from(loanContracts).where(eq(loanContracts.applicationId, rowId));
    expect(kept?.bodyEnc.startsWith(`v2.${t.config.piiKeys.currentId}.`)).toBe(true);
    expect(kept?.details).not.toHaveProperty('parties');

    const signed = okResult(await api.contract(a.token, rowId));
    expect(signed).toMatchObject({ body: served.body, textHash: served.textHash, parties: served.parties });
    expect((await api.contractPdf(a.token, rowId)).headers['content-type']).toBe('application/pdf');

    // the text and the parties swapped between their columns: neither opens; 3407 with its reason, not a 500
    await t.db
      .update(loanContracts)
      .set({ bodyEnc: kept?.partiesEnc, partiesEnc: kept?.bodyEnc })
      .where(eq(loanContracts.applicationId, rowId));
    const unreadable = {
      rspCode: RSP.CONTRACT_NOT_SIGNED,
      rspDesc: CONTRACT_UNREADABLE.replace(
        '联系客服',
        '联系客服（客服电话 400-820-1234，工作日 09:00–18:00）',
      ),
    };
    const view = await api.contract(a.token, rowId);
    expect(view.status).toBe(200);
    expect(view.response).toEqual(unreadable);
    const pdf = await api.contractPdf(a.token, rowId);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().response).toEqual(unreadable);
  });
});
