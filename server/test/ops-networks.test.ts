import { OPS_API, RSP } from '@loan/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { allowedBy, parseNetworks } from '../src/lib/networks.ts';
import { createTestApp } from './helpers/app.ts';
import { OPERATOR_PASSWORD, opsCall } from './helpers/operators.ts';

function networks(raw: string) {
  const parsed = parseNetworks(raw);
  if (!('networks' in parsed)) throw new Error(`not networks: ${raw}`);
  return parsed.networks;
}

describe('OPS_ALLOWED_CIDRS: the networks the console answers', () => {
  it.each([
    ['10.0.0.0/8', '10.1.2.3', true],
    ['10.0.0.0/8', '11.1.2.3', false],
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['192.168.1.0/24, 127.0.0.1', '127.0.0.1', true],
    ['192.168.1.0/24, 127.0.0.1', '127.0.0.2', false],
    ['fd00::/8', 'fd12::1', true],
    ['fd00::/8', '10.0.0.1', false],
    ['10.0.0.0/8', 'not an address', false],
  ])('%s lets %s in: %s', (raw, address, allowed) => {
    expect(allowedBy(networks(raw), address)).toBe(allowed);
  });

  it('stops the server on a setting that is not a list of networks', () => {
    expect(() => loadConfig({ OPS_ALLOWED_CIDRS: '10.0.0.0/8, intranet' })).toThrow(ConfigError);
    expect(() => loadConfig({ OPS_ALLOWED_CIDRS: '10.0.0.0/33' })).toThrow(/OPS_ALLOWED_CIDRS/);
    expect(loadConfig({}).opsAllowedCidrs).toBeNull();
  });

  it('answers 403 / 2304 from outside the networks on every console route, the sign-in included', async () => {
    const t = await createTestApp({ env: { OPS_ALLOWED_CIDRS: '10.0.0.0/8' } });
    try {
      const outside = await opsCall(
        t,
        'POST',
        OPS_API.login,
        { loginId: 'anyone', password: OPERATOR_PASSWORD },
        undefined,
        '203.0.113.9',
      );
      expect(outside.status).toBe(403);
      expect(outside.response).toEqual({
        rspCode: RSP.OPS_NETWORK_NOT_ALLOWED,
        rspDesc: '当前网络不能访问运营后台，请在公司内网使用',
      });
      const me = await opsCall(t, 'GET', OPS_API.me, undefined, 'x'.repeat(43), '203.0.113.9');
      expect(me.status).toBe(403);
      const inside = await opsCall(
        t,
        'POST',
        OPS_API.login,
        { loginId: 'anyone', password: OPERATOR_PASSWORD },
        undefined,
        '10.20.30.40',
      );
      expect(inside.status).toBe(200);
      expect(inside.response.rspCode).toBe(RSP.WRONG_CREDENTIALS);
      // the borrower's side is not the console's business
      const borrower = await t.app.inject({
        method: 'GET',
        url: '/api/products/list',
        remoteAddress: '203.0.113.9',
      });
      expect(borrower.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
