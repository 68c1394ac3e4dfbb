import { RSP } from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cipher, createTestApp, login, type TestApp, tableCounts } from './helpers/app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await login(t.app, 'demo', 'Demo1234');
});
afterAll(() => t.close());

const HAN = /[\u4e00-\u9fff]/;
const LOGIN = '/application_vue/userLogin';
const good = () => cipher('Demo1234');

/** [name, path, body, expected rspCode, expected rspDesc (substring)] */
const CASES: Array<[string, string, unknown, string, string]> = [
  ['login: missing loginId', LOGIN, { password: 'x' }, RSP.INVALID_INPUT, 'loginId 不能为空'],
  ['login: empty loginId', LOGIN, { loginId: '', password: 'x' }, RSP.INVALID_INPUT, 'loginId 不能为空'],
  ['login: missing password', LOGIN, { loginId: 'demo' }, RSP.INVALID_INPUT, 'password 不能为空'],
  [
    'login: number loginId',
    LOGIN,
    { loginId: 12345, password: 'x' },
    RSP.INVALID_INPUT,
    'loginId 类型不正确',
  ],
  [
    'login: array password',
    LOGIN,
    { loginId: 'demo', password: ['a'] },
    RSP.INVALID_INPUT,
    'password 类型不正确',
  ],
  ['login: null password', LOGIN, { loginId: 'demo', password: null }, RSP.INVALID_INPUT, 'password'],
  [
    'login: over-long loginId',
    LOGIN,
    { loginId: 'a'.repeat(33), password: 'x' },
    RSP.INVALID_INPUT,
    'loginId 长度不能超过 32',
  ],
  [
    'login: over-long password',
    LOGIN,
    { loginId: 'demo', password: 'A'.repeat(4097) },
    RSP.INVALID_INPUT,
    'password 长度不能超过 4096',
  ],
  [
    'login: loginId with spaces',
    LOGIN,
    { loginId: 'de mo', password: 'x' },
    RSP.INVALID_INPUT,
    'loginId 格式不正确',
  ],
  [
    'login: extra field',
    LOGIN,
    { loginId: 'demo', password: 'x', admin: true },
    RSP.INVALID_INPUT,
    '不支持的字段：admin',
  ],
  ['login: body is an array', LOGIN, [1, 2], RSP.INVALID_INPUT, '请求内容'],
  [
    'login: bad base64 cipher',
    LOGIN,
    { loginId: 'demo', password: 'not base64!' },
    RSP.BAD_CIPHER_TEXT,
    '加密字段',
  ],
  [
    'login: cipher not whole blocks',
    LOGIN,
    { loginId: 'demo', password: 'YWJj' },
    RSP.BAD_CIPHER_TEXT,
    '加密字段',
  ],
  [
    'login: cipher of garbage',
    LOGIN,
    { loginId: 'demo', password: 'AAAAAAAAAAAAAAAAAAAAAA==' },
    RSP.BAD_CIPHER_TEXT,
    '加密字段',
  ],
  [
    'send code: bad channel',
    '/application_vue/sendFindPwdCode',
    { loginId: 'demo', channel: 'fax' },
    RSP.INVALID_INPUT,
    'channel 取值不正确',
  ],
  [
    'find: code of letters',
    '/application_vue/findPwd',
    { loginId: 'demo', code: 'abcdef', newPassword: 'x' },
    RSP.INVALID_INPUT,
    'code 格式不正确',
  ],
  [
    'find: 7-digit code',
    '/application_vue/findPwd',
    { loginId: 'demo', code: '1234567', newPassword: 'x' },
    RSP.INVALID_INPUT,
    'code 长度不能超过 6',
  ],
  [
    'find: bad cipher',
    '/application_vue/findPwd',
    { loginId: 'demo', code: '123456', newPassword: '!!' },
    RSP.BAD_CIPHER_TEXT,
    '加密字段',
  ],
  [
    'sms: bad phone',
    '/application_vue/sendLoginSms',
    { phone: '12345' },
    RSP.INVALID_INPUT,
    'phone 格式不正确',
  ],
  [
    'sms login: missing code',
    '/application_vue/smsLogin',
    { phone: '13800000001' },
    RSP.INVALID_INPUT,
    'code 不能为空',
  ],
  [
    'direct: over-long ticket',
    '/application_vue/directLogin',
    { ticket: 'a'.repeat(2049) },
    RSP.INVALID_INPUT,
    'ticket 长度不能超过 2048',
  ],
  [
    'direct: number ticket',
    '/application_vue/directLogin',
    { ticket: 1 },
    RSP.INVALID_INPUT,
    'ticket 类型不正确',
  ],
];

describe('bad input: HTTP 200, a non-0000 code, a Chinese rspDesc, nothing changed', () => {
  it.each(CASES)('%s', async (_name, path, body, code, desc) => {
    const before = await tableCounts(t.db);
    const res = await t.app.inject({ method: 'POST', url: `/api${path}`, payload: body as object });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.response.rspCode).toBe(code);
    expect(json.response.rspDesc).toContain(desc);
    expect(json.response.rspDesc).toMatch(HAN);
    expect(json.result).toBeNull();
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('modifyPwd: missing and extra fields, bad cipher', async () => {
    const before = await tableCounts(t.db);
    const cases: Array<[unknown, string]> = [
      [{ oldPassword: good() }, 'newPassword 不能为空'],
      [{ oldPassword: good(), newPassword: good(), x: 1 }, '不支持的字段：x'],
      [{ oldPassword: good(), newPassword: 'bad!' }, '加密字段'],
    ];
    for (const [payload, desc] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/modifyPwd',
        headers: { accessToken: token },
        payload: payload as object,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().response.rspDesc).toContain(desc);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it.each([
    ['bad JSON', 'application/json', '{"loginId": "demo",', RSP.BAD_REQUEST_BODY],
    ['empty JSON body', 'application/json', '', RSP.BAD_REQUEST_BODY],
    ['text/plain', 'text/plain', 'loginId=demo', RSP.BAD_REQUEST_BODY],
    ['form encoding', 'application/x-www-form-urlencoded', 'loginId=demo&password=x', RSP.BAD_REQUEST_BODY],
    [
      'prototype poisoning',
      'application/json',
      '{"loginId":"demo","password":"x","__proto__":{"a":1}}',
      RSP.BAD_REQUEST_BODY,
    ],
  ])('%s → 1002', async (_name, contentType, payload, code) => {
    const before = await tableCounts(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${LOGIN}`,
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.rspCode).toBe(code);
    expect(res.json().response.rspDesc).toMatch(HAN);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('no body at all → 1001 请求内容不能为空', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api${LOGIN}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toEqual({ rspCode: RSP.INVALID_INPUT, rspDesc: '请求内容不能为空' });
  });

  it('a body over 64 KiB → 1005', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${LOGIN}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ loginId: 'demo', password: 'A'.repeat(70_000) }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.rspCode).toBe(RSP.PAYLOAD_TOO_LARGE);
  });

  it('dev outbox: bad query → 1001', async () => {
    for (const query of ['limit=abc', 'limit=0', 'limit=1000', 'other=1', `recipient=${'a'.repeat(300)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?${query}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().response.rspCode).toBe(RSP.INVALID_INPUT);
    }
  });

  it('a login with bad input counts no failure (no lockout after many)', async () => {
    for (let i = 0; i < 8; i++) {
      await call(t.app, 'POST', LOGIN, { loginId: 'demo', password: 'not base64!' });
    }
    await login(t.app, 'demo', 'Demo1234');
  });
});
