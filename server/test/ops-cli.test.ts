import { OPS_API, type OpsLoginResult, RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError } from '../src/cli/commands/shared.ts';
import { runOpsCommand } from '../src/cli/ops-commands.ts';
import { auditLog, operatorRoles } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { opsCall } from './helpers/operators.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function run(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runOpsCommand(argv, { db: t.db, print: (l) => lines.push(l), now: t.clock.now });
  return lines;
}

describe('npm run ops -- create-admin', () => {
  it('creates an administrator whose one-time password leads to the authenticator’s enrolment', async () => {
    const out = await run('create-admin', '--login', 'Chief', '--name', '王总');
    const password =
      out
        .find((l) => l.includes('one-time password'))
        ?.split(': ')
        .pop() ?? '';
    expect(password).toMatch(/^[A-Za-z\d]{12}$/);
    const first = await opsCall<OpsLoginResult>(t, 'POST', OPS_API.login, { loginId: 'chief', password });
    expect(first.response.rspCode).toBe(RSP.OK);
    expect(first.result.next).toBe('CHANGE_PASSWORD');
    const changed = await opsCall<OpsLoginResult>(t, 'POST', OPS_API.changePassword, {
      challenge: first.result.challenge,
      newPassword: 'MyOwnPass2026',
    });
    expect(changed.result.next).toBe('ENROL');
    const roles = await t.db.select().from(operatorRoles);
    expect(roles.map((r) => r.roleCode)).toEqual(['admin']);
    const [created] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.operator.created'));
    expect(created).toMatchObject({ loginId: 'chief', detail: { roles: ['admin'], by: 'command' } });
    expect(created?.operatorId).not.toBeNull();
  });

  it('refuses a login id in use, a bad one, and a call without its arguments', async () => {
    await expect(run('create-admin', '--login', 'chief', '--name', '另一位')).rejects.toThrow(/已被使用/);
    await expect(run('create-admin', '--login', 'a b', '--name', '某')).rejects.toThrow(CommandError);
    await expect(run('create-admin', '--login', 'x1')).rejects.toThrow(/缺少 --login 或 --name/);
    await expect(run('remove-admin')).rejects.toThrow(/create-admin/);
  });
});
