import {
  DEFAULT_ROLES,
  isPermission,
  missingPermissionText,
  OPS_API,
  type Permission,
  RSP,
} from '@loan/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tableCounts } from './helpers/app.ts';
import { makeReadyBorrower } from './helpers/borrower.ts';
import { HAN, type Operation, operations } from './helpers/garbage.ts';
import { makeOperator, type SignedInOperator } from './helpers/operators.ts';

/**
 * Who may call what in the console, walked from the OpenAPI file: every console route names its permission, and
 * each starting role is let in exactly where its permissions say (a refusal is HTTP 403 with the missing
 * permission in Chinese, and changes nothing). A borrower's token opens no console route, an operator's no
 * borrower route.
 */
let t: TestApp;
let ops: Operation[];
const byRole = new Map<string, SignedInOperator>();
let borrowerToken: string;

/** null: any signed-in operator; undefined: the route does not say (a defect). */
function permissionOf(op: Operation): Permission | null | undefined {
  if (op.description.includes('所需权限：任一已登录的运营人员')) return null;
  const named = /所需权限：`([^`]+)`/.exec(op.description)?.[1];
  return isPermission(named) ? named : undefined;
}

const consoleRoutes = () => ops.filter((op) => op.security.includes('opsToken'));
const ENDS_SESSION = [`/api${OPS_API.logout}`];

function send(op: Operation, headers: Record<string, string>) {
  return t.app.inject({
    method: op.method,
    url: op.path,
    headers: { ...headers, ...(op.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    ...(op.method === 'POST' ? { payload: '{}' } : {}),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  ops = await operations(t.app);
  for (const role of DEFAULT_ROLES)
    byRole.set(role.code, await makeOperator(t, `role-${role.code}`, [role.code]));
  borrowerToken = (await makeReadyBorrower(t, 'console_outsider')).token;
});
afterAll(() => t.close());

describe('the console’s permissions, route by route and role by role', () => {
  it('publishes the console’s routes, each naming a permission of the catalogue', () => {
    const paths = consoleRoutes().map((op) => op.path);
    for (const path of [OPS_API.me, OPS_API.operators, OPS_API.roles, OPS_API.auditSearch]) {
      expect(paths).toContain(`/api${path}`);
    }
    for (const op of consoleRoutes()) expect(permissionOf(op), `${op.method} ${op.path}`).not.toBeUndefined();
    // the sign-in steps are the only console routes without a session
    const open = ops.filter((op) => op.path.startsWith('/api/ops/') && op.security.length === 0);
    expect(open.map((op) => op.path).sort()).toEqual(
      [
        OPS_API.login,
        OPS_API.changePassword,
        OPS_API.verifyTotp,
        OPS_API.recoveryLogin,
        OPS_API.enrolStart,
        OPS_API.enrolConfirm,
      ]
        .map((p) => `/api${p}`)
        .sort(),
    );
  });

  it.each(DEFAULT_ROLES.map((role) => [role.name, role.code, role.permissions] as const))(
    '%s (%s): allowed where its permissions say, 403 elsewhere with nothing changed',
    async (_name, code, permissions) => {
      const operator = byRole.get(code) as SignedInOperator;
      for (const op of consoleRoutes().filter((o) => !ENDS_SESSION.includes(o.path))) {
        const permission = permissionOf(op) as Permission | null;
        const allowed = permission === null || permissions.includes(permission);
        const before = await tableCounts(t.db);
        const res = await send(op, { opsToken: operator.opsToken });
        const label = `${code} ${op.method} ${op.path}`;
        expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        expect(res.statusCode, label).not.toBe(401);
        if (allowed) {
          expect(res.statusCode, label).not.toBe(403);
          continue;
        }
        expect(res.statusCode, label).toBe(403);
        const body = res.json() as { response: { rspCode: string; rspDesc: string } };
        expect(body.response.rspCode, label).toBe(RSP.OPS_FORBIDDEN);
        expect(body.response.rspDesc, label).toBe(missingPermissionText(permission as Permission));
        expect(body.response.rspDesc).toMatch(HAN);
        expect(await tableCounts(t.db), label).toEqual(before);
      }
    },
  );
});

describe('a borrower and an operator stay on their own side', () => {
  it('refuses a borrower’s token on every console route, in either header (401)', async () => {
    for (const op of consoleRoutes()) {
      for (const headers of [{ accessToken: borrowerToken }, { opsToken: borrowerToken }] as Record<
        string,
        string
      >[]) {
        const res = await send(op, headers);
        expect(res.statusCode, `${op.method} ${op.path} ${Object.keys(headers)[0]}`).toBe(401);
      }
    }
  });

  it('refuses an operator’s token on every borrower route, in either header (401)', async () => {
    const admin = byRole.get('admin') as SignedInOperator;
    const borrowerRoutes = ops.filter((op) => op.security.includes('accessToken'));
    expect(borrowerRoutes.length).toBeGreaterThan(30);
    for (const op of borrowerRoutes) {
      for (const headers of [{ accessToken: admin.opsToken }, { opsToken: admin.opsToken }] as Record<
        string,
        string
      >[]) {
        const res = await send(op, headers);
        expect(res.statusCode, `${op.method} ${op.path} ${Object.keys(headers)[0]}`).toBe(401);
      }
    }
  });
});
