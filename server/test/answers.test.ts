import { describe, expect, it } from 'vitest';
import { comparable } from './helpers/answers.ts';
import type { ApiAnswer } from './helpers/app.ts';

const answer = (headers: Record<string, unknown>): ApiAnswer<null> => ({
  status: 200,
  headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': '57', ...headers },
  response: { rspCode: '0000', rspDesc: '成功' },
  result: null,
});

describe('comparable answers (helpers/answers.ts)', () => {
  it('two answers a second apart compare equal: the Date header and per-call ids and counters do not count', () => {
    const first = answer({
      date: 'Mon, 23 Nov 2026 10:00:00 GMT',
      'x-request-id': 'req-1',
      'x-ratelimit-remaining': '29',
    });
    const second = answer({
      date: 'Mon, 23 Nov 2026 10:00:01 GMT',
      'x-request-id': 'req-2',
      'x-ratelimit-remaining': '28',
    });
    expect(first).not.toEqual(second);
    expect(comparable(first)).toEqual(comparable(second));
  });

  it('any other difference still counts: a header, the status, the rspCode or the result', () => {
    const base = comparable(answer({}));
    expect(comparable(answer({ 'content-length': '58' }))).not.toEqual(base);
    expect(comparable(answer({ 'set-cookie': 'a=1' }))).not.toEqual(base);
    expect(comparable({ ...answer({}), status: 401 })).not.toEqual(base);
    expect(comparable({ ...answer({}), response: { rspCode: '2001', rspDesc: '账号不存在' } })).not.toEqual(
      base,
    );
    expect(comparable({ ...answer({}), result: { sent: true } as unknown as null })).not.toEqual(base);
  });
});
