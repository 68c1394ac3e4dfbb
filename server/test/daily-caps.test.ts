import { RSP, rspText, shanghaiDate } from '@loan/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeDailyCounts } from '../src/db/schema.ts';
import { purgeDailyCounts } from '../src/modules/codes/daily-caps.ts';
import { call, cipher, createTestApp, MINUTE, type TestApp } from './helpers/app.ts';
import { latestCode, otherCode } from './helpers/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.advance(2 * MINUTE);
  await t.db.delete(codeDailyCounts);
});

const HOUR = 60 * MINUTE;
const PHONE = '13800000001'; // demo's phone
const sendSms = (phone: string) => call(t.app, 'POST', '/application_vue/sendLoginSms', { phone });
const smsLogin = (phone: string, code: string) =>
  call(t.app, 'POST', '/application_vue/smsLogin', { phone, code });
const sendReset = (loginId: string) =>
  call(t.app, 'POST', '/application_vue/sendFindPwdCode', { loginId, channel: 'email' });
const reset = (loginId: string, code: string, newPassword = 'Demo1234') =>
  call(t.app, 'POST', '/application_vue/findPwd', { loginId, code, newPassword: cipher(newPassword) });

/** The start of the next Shanghai day on the test clock (16:00 UTC), plus a minute. */
function advanceToNextShanghaiDay() {
  const today = shanghaiDate(t.clock.now());
  while (shanghaiDate(t.clock.now()) === today) t.clock.advance(HOUR);
  t.clock.advance(MINUTE);
}

describe('Shanghai day', () => {
  it('turns at 16:00 UTC', () => {
    expect(shanghaiDate(new Date('2026-03-02T15:59:59.999Z'))).toBe('2026-03-02');
    expect(shanghaiDate(new Date('2026-03-02T16:00:00.000Z'))).toBe('2026-03-03');
  });
});

describe('daily cap on code sends (10 per target and day)', () => {
  it('the 11th send of the day is refused with 2013, for unknown targets alike; a new day opens again', async () => {
    for (const phone of [PHONE, '13999990000']) {
      for (let i = 0; i < 10; i++) {
        expect((await sendSms(phone)).response.rspCode).toBe(RSP.OK);
        t.clock.advance(61_000);
      }
      expect((await sendSms(phone)).response).toEqual({
        rspCode: RSP.CODE_DAILY_SEND_LIMIT,
        rspDesc: rspText(RSP.CODE_DAILY_SEND_LIMIT),
      });
    }
    // another phone is not affected
    expect((await sendSms('13800000002')).response.rspCode).toBe(RSP.OK);
    advanceToNextShanghaiDay();
    expect((await sendSms(PHONE)).response.rspCode).toBe(RSP.OK);
  });

  it('password-reset codes have their own cap per login id', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await sendReset('demo')).response.rspCode).toBe(RSP.OK);
      t.clock.advance(61_000);
    }
    expect((await sendReset('DEMO')).response.rspCode).toBe(RSP.CODE_DAILY_SEND_LIMIT);
    expect((await sendReset('nobody')).response.rspCode).toBe(RSP.OK);
  });

  it('sends refused by the 60 s rule do not use up the day', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await sendSms(PHONE)).response.rspCode).toBe(RSP.OK);
      expect((await sendSms(PHONE)).response.rspCode).toBe(RSP.CODE_SENT_TOO_OFTEN);
      t.clock.advance(61_000);
    }
    expect((await sendSms(PHONE)).response.rspCode).toBe(RSP.CODE_DAILY_SEND_LIMIT);
  });
});

describe('daily cap on wrong tries (20 per target and day, across codes)', () => {
  it('the 21st wrong try is refused with 2014 even on a fresh code, and so is the right code; a new day resets', async () => {
    // 4 codes × 5 wrong tries = 20 wrong tries, each code used up by its own 5-try limit
    for (let c = 0; c < 4; c++) {
      expect((await sendSms(PHONE)).response.rspCode).toBe(RSP.OK);
      const code = await latestCode(t.app, PHONE);
      for (let i = 0; i < 5; i++) {
        expect((await smsLogin(PHONE, otherCode(code))).response.rspCode).toBe(RSP.BAD_CODE);
      }
      t.clock.advance(61_000);
    }
    expect((await sendSms(PHONE)).response.rspCode).toBe(RSP.OK);
    const fresh = await latestCode(t.app, PHONE);
    expect((await smsLogin(PHONE, otherCode(fresh))).response).toEqual({
      rspCode: RSP.CODE_DAILY_TRY_LIMIT,
      rspDesc: rspText(RSP.CODE_DAILY_TRY_LIMIT),
    });
    expect((await smsLogin(PHONE, fresh)).response.rspCode).toBe(RSP.CODE_DAILY_TRY_LIMIT);

    advanceToNextShanghaiDay();
    expect((await sendSms(PHONE)).response.rspCode).toBe(RSP.OK);
    const tomorrow = await latestCode(t.app, PHONE);
    expect((await smsLogin(PHONE, otherCode(tomorrow))).response.rspCode).toBe(RSP.BAD_CODE);
    expect((await smsLogin(PHONE, tomorrow)).response.rspCode).toBe(RSP.OK);
  });

  it('right codes do not count as wrong tries', async () => {
    for (let i = 0; i < 21; i++) {
      expect((await sendReset('demo')).response.rspCode).toBe(i < 10 ? RSP.OK : RSP.CODE_DAILY_SEND_LIMIT);
      if (i < 10) {
        const code = await latestCode(t.app, 'demo@example.com');
        expect((await reset('demo', otherCode(code))).response.rspCode).toBe(RSP.BAD_CODE);
        // a new password each time: the current one is refused (2010)
        expect((await reset('demo', code, `Reset${i}5678`)).response.rspCode).toBe(RSP.OK);
      }
      t.clock.advance(61_000);
    }
    const [row] = await t.db.select().from(codeDailyCounts);
    expect(row).toMatchObject({ key: 'findPwd:demo', sends: 10, wrongTries: 10 });
  });

  it('the reset-code tries have the cap too', async () => {
    for (let c = 0; c < 4; c++) {
      await sendReset('demo');
      const code = await latestCode(t.app, 'demo@example.com');
      for (let i = 0; i < 5; i++) await reset('demo', otherCode(code));
      t.clock.advance(61_000);
    }
    await sendReset('demo');
    const code = await latestCode(t.app, 'demo@example.com');
    expect((await reset('demo', code)).response.rspCode).toBe(RSP.CODE_DAILY_TRY_LIMIT);
  });
});

describe('housekeeping', () => {
  it('keeps today and yesterday, purges older days', async () => {
    expect((await sendSms(PHONE)).response.rspCode).toBe(RSP.OK);
    advanceToNextShanghaiDay();
    expect(await purgeDailyCounts(t.db, t.clock.now())).toBe(0);
    expect(await t.db.select().from(codeDailyCounts)).toHaveLength(1);
    advanceToNextShanghaiDay();
    expect(await purgeDailyCounts(t.db, t.clock.now())).toBe(1);
    expect(await t.db.select().from(codeDailyCounts)).toEqual([]);
  });
});
