import { TIMEOUTS } from '@loan/domain';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readOpsSession } from '../app/session';
import { signedInAs } from '../test/render';
import { OpsApiError, opsHttp, opsRequest, whenSessionExpires } from './http';

function answer(status: number, body: unknown) {
  return async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const response = { status, statusText: '', headers: {}, config, data: body } as AxiosResponse;
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
}

const original = opsHttp.defaults.adapter;
afterEach(() => {
  opsHttp.defaults.adapter = original;
});

describe('the console’s HTTP client', () => {
  it('sends the opsToken and resolves with the result of a 0000 answer', async () => {
    signedInAs(['audit.read']);
    let sent: unknown;
    opsHttp.defaults.adapter = async (config) => {
      sent = config.headers.get('opsToken');
      return answer(200, { response: { rspCode: '0000', rspDesc: '成功' }, result: { n: 1 } })(config);
    };
    await expect(opsRequest('GET', '/ops/me')).resolves.toEqual({ n: 1 });
    expect(sent).toBe('token-abcdefghijklmnop');
  });

  it('rejects with the server’s Chinese text, a 403 included, and keeps the session', async () => {
    signedInAs(['audit.read']);
    opsHttp.defaults.adapter = answer(403, {
      response: { rspCode: '2301', rspDesc: '您没有“管理运营人员与角色”的权限，请联系管理员分配角色' },
      result: null,
    });
    await expect(opsRequest('GET', '/ops/operators')).rejects.toMatchObject({
      code: '2301',
      desc: '您没有“管理运营人员与角色”的权限，请联系管理员分配角色',
      status: 403,
    });
    expect(readOpsSession()).not.toBeNull();
  });

  it('ends the session at a 401 and tells the app once', async () => {
    signedInAs(['audit.read']);
    const expired = vi.fn();
    whenSessionExpires(expired);
    opsHttp.defaults.adapter = answer(401, {
      response: { rspCode: '4010', rspDesc: '登录已失效' },
      result: null,
    });
    await expect(opsRequest('GET', '/ops/me')).rejects.toBeInstanceOf(OpsApiError);
    await expect(opsRequest('GET', '/ops/me')).rejects.toBeInstanceOf(OpsApiError);
    expect(readOpsSession()).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('gives the sign-in steps the sign-in time-out, and other calls the default', async () => {
    const seen: unknown[] = [];
    opsHttp.defaults.adapter = async (config) => {
      seen.push(config.timeout);
      return answer(200, { response: { rspCode: '0000', rspDesc: '成功' }, result: null })(config);
    };
    const { signInSteps } = await import('./ops');
    await signInSteps.password('ops-admin', 'x');
    await opsRequest('GET', '/ops/me');
    expect(seen).toEqual([TIMEOUTS.login, TIMEOUTS.default]);
  });
});
