import { OPS_API, type OpsLoginResult, type OpsSignedIn, RSP } from '@loan/domain';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBanner } from '../src/banner.ts';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS, seedDemoOperators } from '../src/db/seed-operators.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { ok, opsCall } from './helpers/operators.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo operators, one per starting role', () => {
  it('are seeded once, enrolled with the secrets the banner prints', async () => {
    expect(await seedDemoOperators(t.db, t.config, t.clock.now())).toHaveLength(DEMO_OPERATORS.length);
    expect(await seedDemoOperators(t.db, t.config, t.clock.now())).toEqual([]);
    const banner = startBanner({ ...t.config, environment: 'development' }, 'PGlite');
    for (const demo of DEMO_OPERATORS) {
      expect(banner).toContain(demo.loginId);
      expect(banner).toContain(demo.totpSecret);
    }
    expect(banner).toContain(DEMO_OPERATOR_PASSWORD);
    expect(startBanner({ ...t.config, environment: 'production' }, 'PGlite')).not.toContain('TOTP');
  });

  it.each(DEMO_OPERATORS.map((o) => [o.loginId, o.role, o.totpSecret] as const))(
    '%s signs in with the printed password and a code of the printed secret, as %s',
    async (loginId, role, secret) => {
      const first = ok(
        await opsCall<OpsLoginResult>(t, 'POST', OPS_API.login, {
          loginId,
          password: DEMO_OPERATOR_PASSWORD,
        }),
      );
      expect(first.next).toBe('TOTP');
      const code = generateSync({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
      const answer = await opsCall<OpsSignedIn>(t, 'POST', OPS_API.verifyTotp, {
        challenge: first.challenge,
        code,
      });
      expect(answer.response.rspCode).toBe(RSP.OK);
      expect(answer.result.operator.roles.map((r) => r.code)).toEqual([role]);
    },
  );
});
