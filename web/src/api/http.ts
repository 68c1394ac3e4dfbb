/**
 * The HTTP layer (docs/PRODUCT.md §7–§9): one axios instance on the one API base. Every request carries the access token
 * header; GET payloads travel as query parameters. A call resolves with `result` only when rspCode is "0000";
 * anything else rejects with an ApiError whose `desc` is shown to the user. No React here: toasts and navigation
 * come through ./runtime.
 */
import { ACCESS_TOKEN_HEADER, API, type Envelope, isSuccess, TIMEOUTS } from '@loan/domain';
import axios, { type AxiosRequestConfig } from 'axios';
import { LOGIN_PATH } from '../app/paths';
import { API_BASE } from '../config';
import { expireSession, SESSION_KEYS } from '../session/session';
import { ApiError, transportError, unauthorizedError } from './errors';
import { navigateTo, notify } from './runtime';

/** Time-outs per path (docs/PRODUCT.md §9); every other call gets TIMEOUTS.default. */
export const PATH_TIMEOUTS: Readonly<Record<string, number>> = {
  [API.userLogin]: TIMEOUTS.login,
  [API.directLogin]: TIMEOUTS.login,
  [API.smsLogin]: TIMEOUTS.login,
  [API.advanceCancel]: TIMEOUTS.advanceCancel,
};

export const timeoutFor = (path: string): number => PATH_TIMEOUTS[path] ?? TIMEOUTS.default;

/** docs/PRODUCT.md §4: after a 401 the app goes to the login page this long after clearing the session. */
export const UNAUTHORIZED_REDIRECT_DELAY_MS = 500;

/** One toast for transport failures, however many calls fail together. */
const TRANSPORT_TOAST_KEY = 'http-transport-error';

export const httpClient = axios.create({
  baseURL: API_BASE,
  timeout: TIMEOUTS.default,
  headers: { Accept: 'application/json' },
  transitional: { clarifyTimeoutError: true },
});

httpClient.interceptors.request.use((config) => {
  const token = window.sessionStorage.getItem(SESSION_KEYS.accessToken);
  if (token) config.headers.set(ACCESS_TOKEN_HEADER, token);
  return config;
});

export interface CallOptions {
  /**
   * Don't toast a non-"0000" answer: the caller shows its rspDesc next to the field or in the form's Alert.
   * Transport failures (500, network, time-out) still toast.
   */
  silent?: boolean;
  /** overrides the per-path time-out */
  timeout?: number;
  signal?: AbortSignal;
}

let redirectPending = false;

/** docs/PRODUCT.md §4: clear all session storage, mark point=401, go to login after 500 ms — once for a burst of 401s. */
function sessionExpired() {
  if (redirectPending) return;
  redirectPending = true;
  expireSession();
  setTimeout(() => {
    try {
      // a session saved meanwhile (a password change answered after this 401) keeps the tab where it is
      if (!window.sessionStorage.getItem(SESSION_KEYS.accessToken)) navigateTo(LOGIN_PATH);
    } finally {
      redirectPending = false;
    }
  }, UNAUTHORIZED_REDIRECT_DELAY_MS);
}

/**
 * Whether a call went out with the session the tab holds now. A 401 to a call sent with another token (the
 * session changed while it was out: a password change revokes every session and hands this tab a new one, a
 * sign-in replaces a signed-out state) says nothing about the current session, and must not end it.
 */
function sentWithCurrentSession(config: { headers?: { get?: (name: string) => unknown } } | undefined) {
  const sent = config?.headers?.get?.(ACCESS_TOKEN_HEADER) || null;
  return sent === (window.sessionStorage.getItem(SESSION_KEYS.accessToken) || null);
}

function transportFailure(kind: 'http' | 'network' | 'timeout', status?: number): ApiError {
  const error = transportError(kind, status);
  notify().error(error.desc, TRANSPORT_TOAST_KEY);
  return error;
}

function toApiError(error: unknown): ApiError {
  if (axios.isCancel(error)) return new ApiError('cancelled', 'CANCELLED', '请求已取消');
  if (axios.isAxiosError(error)) {
    const status = error.response?.status;
    if (status === 401) {
      if (sentWithCurrentSession(error.config)) sessionExpired();
      return unauthorizedError();
    }
    if (status !== undefined) return transportFailure('http', status);
    if (error.code === 'ETIMEDOUT' || error.code === 'ECONNABORTED') return transportFailure('timeout');
    return transportFailure('network');
  }
  return transportFailure('network');
}

function isEnvelope(data: unknown): data is Envelope<unknown> {
  if (typeof data !== 'object' || data === null) return false;
  const response = (data as { response?: { rspCode?: unknown } }).response;
  return typeof response?.rspCode === 'string';
}

export type HttpMethod = 'GET' | 'POST';

export async function request<T>(
  method: HttpMethod,
  path: string,
  payload?: unknown,
  options: CallOptions = {},
): Promise<T> {
  const config: AxiosRequestConfig = {
    method,
    url: path,
    timeout: options.timeout ?? timeoutFor(path),
    signal: options.signal,
  };
  if (method === 'GET') config.params = payload;
  else config.data = payload ?? {};

  let data: unknown;
  try {
    data = (await httpClient.request(config)).data;
  } catch (error) {
    throw toApiError(error);
  }
  if (!isEnvelope(data)) throw transportFailure('http', 200);
  if (!isSuccess(data)) {
    const { rspCode, rspDesc } = data.response;
    const error = new ApiError('rsp', rspCode, rspDesc || '操作失败，请稍后重试');
    if (!options.silent) notify().error(error.desc);
    throw error;
  }
  return data.result as T;
}

export const get = <T>(path: string, params?: object, options?: CallOptions) =>
  request<T>('GET', path, params, options);

export const post = <T>(path: string, body?: object, options?: CallOptions) =>
  request<T>('POST', path, body, options);

/** A failed axios call of this client (e.g. a file download) as the ApiError every other call gives. */
export const asApiError = (error: unknown): ApiError => toApiError(error);
