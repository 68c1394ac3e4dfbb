import { type ChangeContactResult, CODE_REFUSALS, RSP, rspText, type UserInfo } from '@loan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import {
  type ApiAnswer,
  call,
  cipher,
  createTestApp,
  MINUTE,
  signInAttempt,
  type TestApp,
  tableCounts,
} from './helpers/app.ts';
import { makeReadyBorrower, type ReadyBorrower } from './helpers/borrower.ts';
import { contactsOfUser, setContacts } from './helpers/contacts.ts';
import { latestCode, otherCode, sentTo } from './helpers/outbox.ts';

let t: TestApp;
let me: ReadyBorrower;
let other: ReadyBorrower;

const OLD_PHONE = '13512340001';
const OTHER_PHONE = '13512340002';

const send = (token: string, channel: string, target: string) =>
  call(t.app, 'POST', '/account/sendContactCode', { channel, target }, { token });
/** The change as My account sends it: with the current password enciphered (the signed-in borrower's by default). */
const change = (token: string, channel: string, target: string, code: string, password = passwordOf(token)) =>
  call<ChangeContactResult>(
    t.app,
    'POST',
    '/account/changeContact',
    { channel, target, code, password: cipher(password) },
    { token },
  );
const passwordOf = (token: string) => [me, other].find((b) => b.token === token)?.password ?? '';
const info = async (token: string) =>
  (await call<UserInfo>(t.app, 'GET', '/users/getUserInfo', undefined, { token })).result;

function refused(
  res: ApiAnswer<unknown>,
  code: string,
  desc = rspText(code as Parameters<typeof rspText>[0]),
) {
  expect(res.status).toBe(200);
  expect(res.response).toEqual({ rspCode: code, rspDesc: desc });
  expect(res.result).toBeNull();
}

beforeAll(async () => {
  t = await createTestApp();
  me = await makeReadyBorrower(t, 'contact_me');
  other = await makeReadyBorrower(t, 'contact_other');
  await setContacts(t, me.userId, { phone: OLD_PHONE });
  await setContacts(t, other.userId, { phone: OTHER_PHONE, email: 'Taken@Example.com' });
});
afterAll(() => t.close());

describe('changing the phone', () => {
  it('sends the code to the new phone; a wrong code is 2003 and changes nothing', async () => {
    t.clock.advance(MINUTE);
    expect((await send(me.token, 'sms', '13900000003')).response.rspCode).toBe(RSP.OK);
    const code = await latestCode(t.app, '13900000003');
    const [message] = await sentTo(t.app, '13900000003');
    expect(message?.subject).toContain('更换手机号');
    refused(await change(me.token, 'sms', '13900000003', otherCode(code)), RSP.BAD_CODE, CODE_REFUSALS.WRONG);
    expect((await info(me.token)).phone).toBe('135****0001');
    // the code only works for the phone it was sent to
    refused(await change(me.token, 'sms', '13900000004', code), RSP.BAD_CODE, CODE_REFUSALS.SPENT);
    // and only for the borrower who asked for it
    refused(await change(other.token, 'sms', '13900000003', code), RSP.BAD_CODE, CODE_REFUSALS.SPENT);
  });

  it('the right code changes it, the old phone is told, the change is audited with masked numbers', async () => {
    t.clock.advance(MINUTE);
    expect((await send(me.token, 'sms', '13900000003')).response.rspCode).toBe(RSP.OK);
    const code = await latestCode(t.app, '13900000003');
    const res = await change(me.token, 'sms', '13900000003', code);
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result).toEqual({ phoneMasked: '139****0003', emailMasked: 'co***@example.com' });
    expect((await info(me.token)).phone).toBe('139****0003');
    const [notice] = await sentTo(t.app, OLD_PHONE);
    expect(notice?.body).toContain('139****0003');
    expect(notice?.body).not.toContain('13900000003');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, me.userId), eq(auditLog.action, 'account.contact_changed')));
    expect(audit.map((a) => a.detail)).toEqual([{ channel: 'sms', from: '135****0001', to: '139****0003' }]);
    // used up
    refused(await change(me.token, 'sms', '13900000003', code), RSP.CONTACT_UNCHANGED);
  });

  it('refuses the current phone (2201), one another borrower holds (2202) and a bad number (1103), sending nothing', async () => {
    t.clock.advance(MINUTE);
    const before = await tableCounts(t.db);
    refused(await send(me.token, 'sms', '13900000003'), RSP.CONTACT_UNCHANGED);
    refused(await send(me.token, 'sms', OTHER_PHONE), RSP.CONTACT_TAKEN);
    for (const bad of ['', '1390000000', '23900000003', '139000000031', '１３９００００００３', 'abc']) {
      refused(await send(me.token, 'sms', bad), RSP.INVALID_PHONE);
      refused(await change(me.token, 'sms', bad, '123456'), RSP.INVALID_PHONE);
    }
    refused(await change(me.token, 'sms', OTHER_PHONE, '123456'), RSP.CONTACT_TAKEN);
    // the per-IP counter of code calls is the only thing that moves
    expect({ ...(await tableCounts(t.db)), rate_limit_hits: 0 }).toEqual({ ...before, rate_limit_hits: 0 });
  });

  it('allows one code every 60 s', async () => {
    t.clock.advance(MINUTE);
    expect((await send(me.token, 'sms', '13900000005')).response.rspCode).toBe(RSP.OK);
    refused(await send(me.token, 'sms', '13900000005'), RSP.CODE_SENT_TOO_OFTEN);
    t.clock.advance(MINUTE);
    expect((await send(me.token, 'sms', '13900000005')).response.rspCode).toBe(RSP.OK);
  });
});

describe('the current password', () => {
  it('is asked for: a wrong one is 2007 in Chinese, changes nothing and leaves the code usable', async () => {
    t.clock.advance(MINUTE);
    expect((await send(me.token, 'sms', '13900000006')).response.rspCode).toBe(RSP.OK);
    const code = await latestCode(t.app, '13900000006');
    const phoneBefore = (await info(me.token)).phone;
    const wrong = await change(me.token, 'sms', '13900000006', code, 'Wrong1234');
    expect(wrong.response).toEqual({
      rspCode: RSP.WRONG_OLD_PASSWORD,
      rspDesc: '当前登录密码不正确，请重新输入',
    });
    expect((await info(me.token)).phone).toBe(phoneBefore);
    const missing = await call(
      t.app,
      'POST',
      '/account/changeContact',
      { channel: 'sms', target: '13900000006', code },
      { token: me.token },
    );
    expect(missing.response.rspCode).toBe(RSP.INVALID_INPUT);
    expect((await info(me.token)).phone).toBe(phoneBefore);
    // with the password the same code still works
    expect((await change(me.token, 'sms', '13900000006', code)).response.rspCode).toBe(RSP.OK);
    expect((await info(me.token)).phone).toBe('139****0006');
  });

  it('counts wrong ones toward the lock as the password change does: the fifth locks (2012) and signs out', async () => {
    const locked = await makeReadyBorrower(t, 'contact_lock');
    t.clock.advance(MINUTE);
    expect((await send(locked.token, 'sms', '13900000007')).response.rspCode).toBe(RSP.OK);
    const code = await latestCode(t.app, '13900000007');
    for (let i = 0; i < 4; i++) {
      const res = await change(locked.token, 'sms', '13900000007', code, 'Wrong1234');
      expect(res.response.rspCode).toBe(RSP.WRONG_OLD_PASSWORD);
    }
    // the change-password form shares the counter
    const viaModify = await call(
      t.app,
      'POST',
      '/users/modifyPwd',
      { oldPassword: cipher('Wrong1234'), newPassword: cipher('Another5678') },
      { token: locked.token },
    );
    expect(viaModify.response.rspCode).toBe(RSP.PASSWORD_CHANGE_LOCKED);
    const after = await change(locked.token, 'sms', '13900000007', code, locked.password);
    expect(after.status).toBe(401);
    expect((await contactsOfUser(t, locked.userId)).phone).not.toBe('13900000007');
    const signIn = await signInAttempt(t.app, locked.loginId, locked.password);
    expect(signIn.response.rspCode).toBe(RSP.ACCOUNT_LOCKED);
  });
});

describe('changing the e-mail', () => {
  it('the right code sent to the new address changes it (lowercased); the old address is told', async () => {
    t.clock.advance(MINUTE);
    expect((await send(me.token, 'email', ' New.Box@Example.cn ')).response.rspCode).toBe(RSP.OK);
    const code = await latestCode(t.app, 'new.box@example.cn');
    refused(
      await change(me.token, 'email', 'new.box@example.cn', otherCode(code)),
      RSP.BAD_CODE,
      CODE_REFUSALS.WRONG,
    );
    const res = await change(me.token, 'email', 'NEW.BOX@example.cn', code);
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result.emailMasked).toBe('ne***@example.cn');
    expect((await contactsOfUser(t, me.userId)).email).toBe('new.box@example.cn');
    const [notice] = await sentTo(t.app, 'contact_me@example.com');
    expect(notice?.subject).toContain('邮箱已更换');
    expect(notice?.body).toContain('ne***@example.cn');
  });

  it('refuses the same (2201), taken in any case (2202) and malformed (2203) addresses', async () => {
    t.clock.advance(MINUTE);
    refused(await send(me.token, 'email', 'NEW.BOX@EXAMPLE.CN'), RSP.CONTACT_UNCHANGED);
    refused(await send(me.token, 'email', 'taken@example.com'), RSP.CONTACT_TAKEN);
    for (const bad of ['', 'no-at-sign', 'a@b', 'a b@c.cn', '@example.com', 'a@b.']) {
      refused(await send(me.token, 'email', bad), RSP.INVALID_EMAIL);
    }
  });
});

describe('bad input', () => {
  it('answers 1001 in Chinese for a wrong channel, a missing field or a malformed code', async () => {
    for (const body of [
      {},
      { channel: 'fax', target: '13900000009' },
      { channel: 'sms' },
      { channel: 'sms', target: 13900000009 },
      { channel: 'sms', target: '13900000009', extra: 1 },
    ]) {
      const res = await call(t.app, 'POST', '/account/sendContactCode', body, { token: me.token });
      expect(res.response.rspCode).toBe(RSP.INVALID_INPUT);
      expect(res.response.rspDesc).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const code of ['', '12345', '1234567', 'abcdef']) {
      const res = await change(me.token, 'sms', '13900000009', code);
      expect(res.response.rspCode).toBe(RSP.INVALID_INPUT);
    }
  });
});
