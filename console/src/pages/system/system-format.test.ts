import { describe, expect, it } from 'vitest';
import { formatEnvironment, formatPeriod, formatUptime } from './system-format';

describe('系统状态 wording', () => {
  it.each([
    [1, '每 1 秒'],
    [5, '每 5 秒'],
    [15, '每 15 秒'],
    [60, '每分钟'],
    [90, '每 90 秒'],
    [300, '每 5 分钟'],
    [3600, '每小时'],
    [7200, '每 2 小时'],
    [86_400, '每天'],
  ])('a period of %i s reads %s', (seconds, text) => {
    expect(formatPeriod(seconds)).toBe(text);
  });

  it.each([
    [0, '不到 1 分'],
    [59, '不到 1 分'],
    [60, '1 分'],
    [3599, '59 分'],
    [3600, '1 小时 0 分'],
    [3 * 3600 + 25 * 60 + 59, '3 小时 25 分'],
    [86_400, '1 天 0 小时 0 分'],
    [2 * 86_400 + 3 * 3600 + 4 * 60, '2 天 3 小时 4 分'],
    [-5, '不到 1 分'],
  ])('%i s of uptime reads %s', (seconds, text) => {
    expect(formatUptime(seconds)).toBe(text);
  });

  it('names the environment in Chinese, an unknown one as it is', () => {
    expect(formatEnvironment('production')).toBe('生产');
    expect(formatEnvironment('development')).toBe('开发');
    expect(formatEnvironment('test')).toBe('测试');
    expect(formatEnvironment('staging')).toBe('staging');
  });
});
