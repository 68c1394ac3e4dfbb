import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError, runUserCommand } from '../src/cli/user-commands.ts';
import { auditLog, operators } from '../src/db/schema.ts';
import { createOperator } from '../src/modules/ops/operators.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/** The shell's commands run as an operator of the console (`--as`), audited under them; required in production. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createOperator(
    t.db,
    { loginId: 'night-shift', name: '值班', password: 'Console2026pass', roles: ['support'] },
    t.clock.now(),
  );
});
afterAll(() => t.close());

async function run(argv: string[], environment: 'development' | 'production' = 'development') {
  const lines: string[] = [];
  await runUserCommand(argv, {
    db: t.db,
    config: { ...t.config, environment },
    print: (l) => lines.push(l),
    now: t.clock.now,
  });
  return lines;
}

describe('npm run user -- … --as <operator>', () => {
  it('audits what ran under the operator, never the values given', async () => {
    await run([
      'create',
      'as_user',
      '--name',
      '王五',
      '--phone',
      '13800138123',
      '--email',
      'w@e.cn',
      '--password',
      'Secret1234',
      '--as',
      'night-shift',
    ]);
    await run(['--as', 'night-shift', 'unlock', 'as_user']);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ops.command.run'));
    expect(rows.map((r) => (r.detail as { command: string }).command)).toEqual([
      'create as_user',
      'unlock as_user',
    ]);
    const [operator] = await t.db.select().from(operators).where(eq(operators.loginId, 'night-shift'));
    expect(rows.every((r) => r.operatorId === operator?.id && r.loginId === 'night-shift')).toBe(true);
    const text = JSON.stringify(rows);
    for (const secret of ['Secret1234', '13800138123', 'w@e.cn']) expect(text).not.toContain(secret);
    expect((rows[0]?.detail as { options: string[] } | undefined)?.options).toEqual([
      'name',
      'phone',
      'email',
      'password',
    ]);
  });

  it('refuses an unknown or stopped operator', async () => {
    await expect(run(['unlock', 'as_user', '--as', 'nobody'])).rejects.toThrow(CommandError);
    await t.db.update(operators).set({ disabled: true }).where(eq(operators.loginId, 'night-shift'));
    await expect(run(['unlock', 'as_user', '--as', 'night-shift'])).rejects.toThrow(/已停用/);
    await t.db.update(operators).set({ disabled: false }).where(eq(operators.loginId, 'night-shift'));
  });

  it('requires it in production for what changes something, not for a list', async () => {
    await expect(run(['unlock', 'as_user'], 'production')).rejects.toThrow(/--as/);
    await expect(run(['list'], 'production')).resolves.toBeDefined();
    await expect(run(['unlock', 'as_user', '--as', 'night-shift'], 'production')).resolves.toBeDefined();
  });
});
