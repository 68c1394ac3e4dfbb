import { API, TIMEOUTS } from '@loan/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveLogin } from '../session/session';
import { fail, fakeApi, ok } from '../test/render';
import { isApiError } from './errors';
import { get, PATH_TIMEOUTS, post, timeoutFor, UNAUTHORIZED_REDIRECT_DELAY_MS } from './http';
import { registerNavigate, registerNotifier } from './runtime';

const NETWORK_TOAST = '网络请求异常，请稍后重试';

let toasts: string[];
let navigations: string[];
let undo: Array<() => void>;

beforeEach(() => {
  toasts = [];
  navigations = [];
  undo = [
    registerNotifier({ error: (text) => toasts.push(text) }),
    registerNavigate((to) => navigations.push(to)),
  ];
});

afterEach(() => {
  for (const u of undo) u();
  vi.useRealTimers();
});

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('requests', () => {
  it('adds the accessToken header from sessionStorage to every request', async () => {
    const api = fakeApi(() => ok({}));
    sessionStorage.setItem('accessToken', 'tok-123');
    await get(API.getUserInfo);
    await post(API.modifyPwd, { a: 1 });
    expect(api.requests.map((r) => r.headers.accessToken)).toEqual(['tok-123', 'tok-123']);
    api.restore();
  });

  it('sends no accessToken header without a session', async () => {
    const api = fakeApi(() => ok({}));
    await get(API.clientConfig);
    expect(api.requests[0]?.headers.accessToken).toBeUndefined();
    api.restore();
  });

  it('sends a GET payload as query parameters and a POST payload as the body', async () => {
    const api = fakeApi(() => ok({}));
    await get('/users/toUserAllCheck', { page: 2, q: '张' });
    await post(API.findPwd, { loginId: 'demo' });
    expect(api.requests[0]).toMatchObject({
      method: 'GET',
      url: '/users/toUserAllCheck',
      params: { page: 2, q: '张' },
    });
    expect(api.requests[0]?.data).toBeUndefined();
    expect(api.requests[1]).toMatchObject({ method: 'POST', url: API.findPwd, data: { loginId: 'demo' } });
    api.restore();
  });

  it('uses the time-outs of docs/PRODUCT.md §9 per path', async () => {
    expect(PATH_TIMEOUTS[API.userLogin]).toBe(20000);
    expect(PATH_TIMEOUTS[API.advanceCancel]).toBe(30000);
    expect(timeoutFor(API.getUserInfo)).toBe(8000);
    expect(TIMEOUTS).toEqual({ default: 8000, login: 20000, advanceCancel: 30000 });
    const api = fakeApi(() => ok({}));
    await get(API.getUserInfo);
    await post(API.userLogin, {});
    await post(API.advanceCancel, {});
    expect(api.requests.map((r) => r.timeout)).toEqual([8000, 20000, 30000]);
    api.restore();
  });
});

describe('answers', () => {
  it('resolves with result when rspCode is 0000', async () => {
    const api = fakeApi(() => ok({ loginId: 'demo' }));
    await expect(get(API.getUserInfo)).resolves.toEqual({ loginId: 'demo' });
    expect(toasts).toEqual([]);
    api.restore();
  });

  it('rejects any other rspCode with rspDesc, and toasts it', async () => {
    const api = fakeApi(() => fail('2001', '账号或密码错误'));
    const error = await rejection(post(API.userLogin, {}));
    expect(isApiError(error) && { kind: error.kind, code: error.code, desc: error.desc }).toEqual({
      kind: 'rsp',
      code: '2001',
      desc: '账号或密码错误',
    });
    expect(toasts).toEqual(['账号或密码错误']);
    api.restore();
  });

  it('{ silent: true } leaves rspDesc to the caller (no toast)', async () => {
    const api = fakeApi(() => fail('2001', '账号或密码错误'));
    const error = await rejection(post(API.userLogin, {}, { silent: true }));
    expect(isApiError(error) && error.desc).toBe('账号或密码错误');
    expect(toasts).toEqual([]);
    api.restore();
  });

  it('toasts the network message on HTTP 500 and keeps the session', async () => {
    sessionStorage.setItem('accessToken', 'tok');
    const api = fakeApi(() => ({ status: 500, body: {} }));
    const error = await rejection(get(API.getUserInfo));
    expect(isApiError(error) && error.kind).toBe('http');
    expect(toasts).toEqual([NETWORK_TOAST]);
    expect(sessionStorage.getItem('accessToken')).toBe('tok');
    expect(navigations).toEqual([]);
    api.restore();
  });

  it('toasts the network message on any other non-401 status', async () => {
    const api = fakeApi(() => ({ status: 404, body: {} }));
    await rejection(get(API.getUserInfo));
    expect(toasts).toEqual([NETWORK_TOAST]);
    api.restore();
  });

  it('toasts the network message even for a silent call', async () => {
    const api = fakeApi(() => ({ status: 502, body: {} }));
    await rejection(post(API.userLogin, {}, { silent: true }));
    expect(toasts).toEqual([NETWORK_TOAST]);
    api.restore();
  });

  it('toasts the network message when the API is down', async () => {
    const api = fakeApi(() => ({ error: 'network' }));
    const error = await rejection(get(API.getUserInfo));
    expect(isApiError(error) && error.kind).toBe('network');
    expect(toasts).toEqual([NETWORK_TOAST]);
    api.restore();
  });

  it('toasts the network message when an answer that is not an envelope arrives', async () => {
    const api = fakeApi(() => ({ body: '<!doctype html>' }));
    await rejection(get(API.getUserInfo));
    expect(toasts).toEqual([NETWORK_TOAST]);
    api.restore();
  });

  it('toasts the network message on a time-out after the path time-out', async () => {
    vi.useFakeTimers();
    // the fake transport gives up after config.timeout, as axios' own adapters do
    const api = fakeApi(
      (request) =>
        new Promise((resolve) => {
          setTimeout(() => resolve({ error: 'timeout' }), request.timeout);
        }),
    );
    const call = rejection(get(API.getUserInfo));
    await vi.advanceTimersByTimeAsync(7999);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = await call;
    expect(isApiError(error) && error.kind).toBe('timeout');
    expect(toasts).toEqual([NETWORK_TOAST]);
    api.restore();
  });
});

describe('401', () => {
  it('clears all session storage, marks point=401 and goes to login after 500 ms', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem('accessToken', 'tok');
    sessionStorage.setItem('loginId', 'demo');
    sessionStorage.setItem('anything', 'else');
    const api = fakeApi(() => ({ status: 401, body: fail('4010', '登录已失效，请重新登录').body }));
    const error = await rejection(get(API.getUserInfo));
    expect(isApiError(error) && error.kind).toBe('unauthorized');
    expect({ ...sessionStorage }).toEqual({ point: '401' });
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_DELAY_MS - 1);
    expect(navigations).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(navigations).toEqual(['/bmss/toLogin']);
    api.restore();
  });

  it('three concurrent 401s redirect once', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem('accessToken', 'tok');
    const api = fakeApi(() => ({ status: 401, body: {} }));
    await Promise.all([
      rejection(get(API.getUserInfo)),
      rejection(get(API.toUserAllCheck)),
      rejection(post(API.modifyPwd, {})),
    ]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(navigations).toEqual(['/bmss/toLogin']);
    expect(sessionStorage.getItem('point')).toBe('401');
    api.restore();
  });

  it('a 401 to a call sent with a token the tab no longer holds leaves the new session alone', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem('accessToken', 'before-change');
    const expired = { status: 401, body: fail('4010', '登录已失效，请重新登录').body };
    let answer: () => void = () => undefined;
    // the first call waits for answer(); later ones are answered at once
    const api = fakeApi((request) =>
      request.headers.accessToken === 'before-change'
        ? new Promise((resolve) => (answer = () => resolve(expired)))
        : expired,
    );
    const call = rejection(get(API.getUserInfo));
    await vi.waitUntil(() => api.requests.length === 1);
    expect(api.requests[0]?.headers.accessToken).toBe('before-change');
    // the password change revoked every session and gave this tab a new one while the call was out
    sessionStorage.setItem('accessToken', 'after-change');
    answer();
    const error = await call;
    expect(isApiError(error) && error.kind).toBe('unauthorized');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sessionStorage.getItem('accessToken')).toBe('after-change');
    expect(sessionStorage.getItem('point')).toBeNull();
    expect(navigations).toEqual([]);
    // a 401 to a call with the session the tab holds still ends it
    await rejection(get(API.getUserInfo));
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    await vi.advanceTimersByTimeAsync(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(navigations).toEqual(['/bmss/toLogin']);
    api.restore();
  });

  it('a session saved before the redirect (a password change answered after the 401) keeps the tab where it is', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem('accessToken', 'before-change');
    const api = fakeApi(() => ({ status: 401, body: {} }));
    await rejection(get(API.getUserInfo));
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    saveLogin('after-change');
    await vi.advanceTimersByTimeAsync(2000);
    expect(navigations).toEqual([]);
    expect(sessionStorage.getItem('accessToken')).toBe('after-change');
    expect(sessionStorage.getItem('point')).toBeNull();
    api.restore();
  });

  it('a later 401, after the redirect, redirects again', async () => {
    vi.useFakeTimers();
    const api = fakeApi(() => ({ status: 401, body: {} }));
    await rejection(get(API.getUserInfo));
    await vi.advanceTimersByTimeAsync(500);
    await rejection(get(API.getUserInfo));
    await vi.advanceTimersByTimeAsync(500);
    expect(navigations).toEqual(['/bmss/toLogin', '/bmss/toLogin']);
    api.restore();
  });
});
