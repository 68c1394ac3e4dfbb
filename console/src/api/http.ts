/**
 * The console's one HTTP client: every call under the API base with the operator's `opsToken`; a call resolves
 * with `result` only when rspCode is "0000", anything else rejects with an OpsApiError carrying the server's
 * Chinese rspDesc. A 401 ends the console session (idle 15 minutes, signed out elsewhere) once.
 */
import { type Envelope, OPS_TOKEN_HEADER, TIMEOUTS } from '@loan/domain';
import axios, { AxiosError } from 'axios';
import { clearOpsSession, readOpsSession } from '../app/session';

export class OpsApiError extends Error {
  constructor(
    readonly code: string,
    readonly desc: string,
    readonly status: number,
  ) {
    super(desc);
    this.name = 'OpsApiError';
  }
}

export const opsHttp = axios.create({
  baseURL: '/api',
  timeout: TIMEOUTS.default,
  headers: { Accept: 'application/json' },
});

opsHttp.interceptors.request.use((config) => {
  const token = readOpsSession()?.opsToken;
  if (token) config.headers.set(OPS_TOKEN_HEADER, token);
  return config;
});

let onExpired: (() => void) | null = null;

/** What the app does when the session ends under it (the router goes to the sign-in page). */
export function whenSessionExpires(handler: () => void): void {
  onExpired = handler;
}

function failure(error: unknown): OpsApiError {
  if (error instanceof AxiosError) {
    const status = error.response?.status ?? 0;
    const body = error.response?.data as Partial<Envelope<unknown>> | undefined;
    if (body?.response?.rspCode) return new OpsApiError(body.response.rspCode, body.response.rspDesc, status);
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
      return new OpsApiError('TIMEOUT', '请求超时，请检查网络后重试', 0);
    }
    return new OpsApiError('NETWORK', '网络异常，请稍后重试', status);
  }
  return new OpsApiError('UNKNOWN', '发生未知错误，请刷新页面后重试', 0);
}

export async function opsRequest<T>(
  method: 'GET' | 'POST',
  path: string,
  payload?: Record<string, unknown>,
  options: { timeout?: number } = {},
): Promise<T> {
  try {
    const res = await opsHttp.request<Envelope<T>>({
      method,
      url: path,
      ...(options.timeout ? { timeout: options.timeout } : {}),
      ...(method === 'GET' ? { params: payload } : { data: payload ?? {} }),
    });
    if (res.data.response.rspCode !== '0000') {
      throw new OpsApiError(res.data.response.rspCode, res.data.response.rspDesc, res.status);
    }
    return res.data.result;
  } catch (error) {
    if (error instanceof OpsApiError) throw error;
    const problem = failure(error);
    if (problem.status === 401 && readOpsSession()) {
      clearOpsSession();
      onExpired?.();
    }
    throw problem;
  }
}
