import { Writable } from 'node:stream';
import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanCertifications } from '../src/db/schema.ts';
import { loggerOptions } from '../src/logger.ts';
import { call, cipher, createTestApp, login, MINUTE, type TestApp } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { latestCode, otherCode } from './helpers/outbox.ts';

/** Every line the server logs, at the most verbose level. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: loggerOptions({ logLevel: 'trace' }, capture) });
});
afterAll(() => t.close());

const DEMO_PHONE = '13800000001';
const DEMO_EMAIL = 'demo@example.com';
const NEW_PHONE = '13900000077';
const LEGAL_PHONE = '13912345678';
const ID_NUMBER = '11010519491231002X';
const CARD = '6222021234567890128';
const PASSWORDS = ['Demo1234', 'Ready1234', 'Reset#5678'];

/** Personal data the flows below hand to the server: none of it may reach a log line. */
const secrets = new Set<string>([
  DEMO_PHONE,
  DEMO_EMAIL,
  NEW_PHONE,
  LEGAL_PHONE,
  ID_NUMBER,
  CARD,
  ...PASSWORDS,
]);

async function code(recipient: string): Promise<string> {
  const found = await latestCode(t.app, recipient);
  secrets.add(found);
  return found;
}

/** `needle` as a whole value: a 6-digit code inside a longer number (a timestamp) is not it. */
function occurs(line: string, needle: string): boolean {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![0-9A-Za-z])${escaped}(?![0-9A-Za-z])`, 'i').test(line);
}

describe('no phone number, code, ID number or card number in any log line (level trace)', () => {
  it('password sign-in, SMS code sign-in, forgotten password, certification and contact change', async () => {
    // password sign-in
    const demo = await login(t.app, 'demo', 'Demo1234');

    // SMS code: sent, one wrong try, then signed in
    t.clock.advance(2 * MINUTE);
    expect(
      (await call(t.app, 'POST', '/application_vue/sendLoginSms', { phone: DEMO_PHONE })).response.rspCode,
    ).toBe(RSP.OK);
    const smsCode = await code(DEMO_PHONE);
    const wrong = await call(t.app, 'POST', '/application_vue/smsLogin', {
      phone: DEMO_PHONE,
      code: otherCode(smsCode),
    });
    expect(wrong.response.rspCode).toBe(RSP.BAD_CODE);
    secrets.add(otherCode(smsCode));
    const sms = await call(t.app, 'POST', '/application_vue/smsLogin', { phone: DEMO_PHONE, code: smsCode });
    expect(sms.response.rspCode).toBe(RSP.OK);

    // forgotten password: a code by e-mail and one by SMS, the reset with the latter
    for (const [channel, recipient] of [
      ['email', DEMO_EMAIL],
      ['sms', DEMO_PHONE],
    ] as const) {
      t.clock.advance(2 * MINUTE);
      const sent = await call(t.app, 'POST', '/application_vue/sendFindPwdCode', {
        loginId: 'demo',
        channel,
      });
      expect(sent.response.rspCode).toBe(RSP.OK);
      await code(recipient);
    }
    const resetCode = await code(DEMO_PHONE);
    const reset = await call(t.app, 'POST', '/application_vue/findPwd', {
      loginId: 'demo',
      code: resetCode,
      newPassword: cipher('Reset#5678'),
    });
    expect(reset.response.rspCode).toBe(RSP.OK);
    expect(demo).toBeTruthy();

    // certification with an ID number, the legal representative's phone and a bank card
    const borrower = await makeReadyBorrower(t, 'log_watch');
    const [row] = await t.db
      .select()
      .from(loanCertifications)
      .where(eq(loanCertifications.userId, borrower.userId));
    const saved = await call(
      t.app,
      'POST',
      '/users/insertLoanCertification',
      {
        companyName: '深圳市跨境优选贸易有限公司',
        uscc: '91350100M000100Y43',
        legalName: '张明',
        idNumber: cipher(ID_NUMBER),
        legalPhone: LEGAL_PHONE,
        bankCardNo: cipher(CARD),
        bankName: '招商银行深圳分行',
        licenceDocId: row!.licenceDocId,
        idFrontDocId: row!.idFrontDocId,
        idBackDocId: row!.idBackDocId,
      },
      { token: borrower.token },
    );
    expect(saved.response.rspCode).toBe(RSP.OK);

    // a new phone by code
    t.clock.advance(2 * MINUTE);
    const contact = { channel: 'sms', target: NEW_PHONE };
    secrets.add(cipher(borrower.password));
    const asked = await call(t.app, 'POST', '/account/sendContactCode', contact, { token: borrower.token });
    expect(asked.response.rspCode).toBe(RSP.OK);
    const contactCode = await code(NEW_PHONE);
    const changed = await call(
      t.app,
      'POST',
      '/account/changeContact',
      { ...contact, code: contactCode, password: cipher(borrower.password) },
      { token: borrower.token },
    );
    expect(changed.response.rspCode).toBe(RSP.OK);

    // the capture holds the requests (trace on), and none of what they carried
    expect(lines.some((line) => line.includes('/application_vue/smsLogin'))).toBe(true);
    expect(t.app.log.level).toBe('trace');
    const leaks = lines.flatMap((line) =>
      [...secrets].filter((s) => occurs(line, s)).map((s) => `${s} in ${line}`),
    );
    expect(leaks).toEqual([]);
  });
});
