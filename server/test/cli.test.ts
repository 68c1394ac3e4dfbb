import { RSP } from '@loan/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandError, runUserCommand } from '../src/cli/user-commands.ts';
import { loginFailures, users } from '../src/db/schema.ts';
import { call, cipher, createTestApp, login, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function run(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runUserCommand(argv, { db: t.db, config: t.config, print: (l) => lines.push(l), now: t.clock.now });
  return lines;
}

const tempPassword = (lines: string[]) =>
  lines
    .find((l) => l.includes('临时密码'))!
    .split(': ')
    .pop()!;

describe('npm run user -- …', () => {
  it('create with a generated temporary password: must change at first login', async () => {
    const out = await run(
      'create',
      'ZhangSan',
      '--name',
      '张三',
      '--phone',
      '13800138000',
      '--email',
      'zs@example.com',
    );
    const password = tempPassword(out);
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{12}$/);
    const res = await call<{ mustChangePassword: boolean }>(t.app, 'POST', '/application_vue/userLogin', {
      loginId: 'zhangsan',
      password: cipher(password),
    });
    expect(res.response.rspCode).toBe(RSP.OK);
    expect(res.result.mustChangePassword).toBe(true);
  });

  it('create with a given password', async () => {
    const out = await run(
      'create',
      'lisi',
      '--name',
      '李四',
      '--phone',
      '13800138001',
      '--email',
      'ls@example.com',
      '--password',
      'Given1234',
    );
    expect(out.join('\n')).not.toContain('临时密码');
    await login(t.app, 'lisi', 'Given1234');
  });

  it.each([
    [['create', 'x'], '登录账号格式不正确'],
    [['create', 'wangwu', '--phone', '13800138002', '--email', 'w@example.com'], '--name'],
    [
      ['create', 'wangwu', '--name', '王五', '--phone', '123', '--email', 'w@example.com'],
      '手机号格式不正确',
    ],
    [['create', 'wangwu', '--name', '王五', '--phone', '13800138002', '--email', 'nope'], '邮箱格式不正确'],
    [
      [
        'create',
        'wangwu',
        '--name',
        '王五',
        '--phone',
        '13800138002',
        '--email',
        'w@example.com',
        '--password',
        'weak',
      ],
      '密码不符合规则',
    ],
    [
      ['create', 'demo', '--name', '重复', '--phone', '13800138002', '--email', 'w@example.com'],
      '登录账号已存在',
    ],
    [
      ['create', 'wangwu', '--name', '王五', '--phone', '13800000001', '--email', 'w@example.com'],
      '手机号已被其他账号使用',
    ],
    [['reset-password', 'nobody'], '用户不存在'],
    [['frobnicate'], '用法'],
  ])('%j is refused: %s', async (argv, message) => {
    await expect(run(...argv)).rejects.toThrow(CommandError);
    await expect(run(...argv)).rejects.toThrow(message);
  });

  it('reset-password: a new temporary password, must change, every session revoked', async () => {
    const token = await login(t.app, 'demo', 'Demo1234');
    const password = tempPassword(await run('reset-password', 'demo'));
    expect((await call(t.app, 'GET', '/users/getUserInfo', undefined, { token })).status).toBe(401);
    const res = await call<{ mustChangePassword: boolean; accessToken: string }>(
      t.app,
      'POST',
      '/application_vue/userLogin',
      {
        loginId: 'demo',
        password: cipher(password),
      },
    );
    expect(res.result.mustChangePassword).toBe(true);
    // put the demo password back
    const back = await call(
      t.app,
      'POST',
      '/users/modifyPwd',
      { oldPassword: cipher(password), newPassword: cipher('Demo1234') },
      { token: res.result.accessToken },
    );
    expect(back.response.rspCode).toBe(RSP.OK);
  });

  it('unlock clears a lockout', async () => {
    for (let i = 0; i < 5; i++)
      await call(t.app, 'POST', '/application_vue/userLogin', {
        loginId: 'lisi',
        password: cipher('Wrong1234'),
      });
    expect(
      (
        await call(t.app, 'POST', '/application_vue/userLogin', {
          loginId: 'lisi',
          password: cipher('Given1234'),
        })
      ).response.rspCode,
    ).toBe(RSP.ACCOUNT_LOCKED);
    expect(await run('unlock', 'lisi')).toEqual(['已解除锁定 / unlocked: lisi']);
    expect(await t.db.select().from(loginFailures).where(eq(loginFailures.loginId, 'lisi'))).toEqual([]);
    await login(t.app, 'lisi', 'Given1234');
  });

  it('disable and enable', async () => {
    await run('disable', 'lisi');
    expect(
      (
        await call(t.app, 'POST', '/application_vue/userLogin', {
          loginId: 'lisi',
          password: cipher('Given1234'),
        })
      ).response.rspCode,
    ).toBe(RSP.ACCOUNT_DISABLED);
    await run('enable', 'lisi');
    await login(t.app, 'lisi', 'Given1234');
  });

  it('direct-link prints a one-time link that signs in once', async () => {
    const [link] = await run('direct-link', 'demo', '--base', 'http://portal.example.cn/');
    expect(link).toMatch(/^http:\/\/portal\.example\.cn\/directLogin\?ticket=/);
    const ticket = new URL(link!).searchParams.get('ticket')!;
    expect((await call(t.app, 'POST', '/application_vue/directLogin', { ticket })).response.rspCode).toBe(
      RSP.OK,
    );
    expect((await call(t.app, 'POST', '/application_vue/directLogin', { ticket })).response.rspCode).toBe(
      RSP.BAD_TICKET,
    );
  });

  it('list shows every user with its state', async () => {
    await t.db.update(users).set({ disabled: true }).where(eq(users.loginId, 'lisi'));
    const out = (await run('list')).join('\n');
    expect(out).toContain('demo\t张明\t138****0001');
    expect(out).toMatch(/newbie.*须改密/);
    expect(out).toMatch(/lisi.*已停用/);
  });
});
