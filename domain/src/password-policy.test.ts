import { describe, expect, it } from 'vitest';
import { checkPassword, passwordProblems } from './password-policy.ts';

describe('password policy', () => {
  it.each([
    ['Demo1234', 'demo', []],
    ['abc12345', undefined, []],
    ['Abc1234', undefined, ['length']],
    [`A1${'x'.repeat(62)}`, undefined, []],
    [`A1${'x'.repeat(63)}`, undefined, ['length']],
    ['abcdefgh', undefined, ['digit']],
    ['12345678', undefined, ['letter']],
    ['abc 12345', undefined, ['whitespace']],
    ['Demo1234', 'DEMO1234', ['loginId']],
    ['', undefined, ['length', 'letter', 'digit']],
  ] as const)('%j (login %j) → %j', (pw, login, expected) => {
    expect(passwordProblems(pw, login)).toEqual(expected);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('密码密码密码a1')).toEqual([]);
    expect(passwordProblems('😀😀😀😀😀😀a1')).toEqual([]);
  });

  it('explains the first problem in Chinese', () => {
    expect(checkPassword('Demo1234', 'demo')).toBeNull();
    expect(checkPassword('short1')).toBe('密码长度需为8-64位');
    expect(checkPassword('abcdefgh')).toBe('密码需包含数字');
    expect(checkPassword('abcd1234', 'abcd1234')).toBe('密码不能与登录账号相同');
  });
});
