/** The wording of the 系统状态 page: pure, unit-tested. */

/** How often a queue runs: "每 1 秒", "每 15 秒", "每分钟", "每 5 分钟", "每小时", "每 2 小时", "每天". */
export function formatPeriod(everySeconds: number): string {
  const s = Math.max(1, Math.round(everySeconds));
  if (s % 86_400 === 0) return s === 86_400 ? '每天' : `每 ${s / 86_400} 天`;
  if (s % 3600 === 0) return s === 3600 ? '每小时' : `每 ${s / 3600} 小时`;
  if (s % 60 === 0) return s === 60 ? '每分钟' : `每 ${s / 60} 分钟`;
  return `每 ${s} 秒`;
}

/** How long the server has run, to the minute: "2 天 3 小时 4 分", "3 小时 0 分", "4 分", "不到 1 分". */
export function formatUptime(uptimeSeconds: number): string {
  const minutes = Math.floor(Math.max(0, uptimeSeconds) / 60);
  if (minutes === 0) return '不到 1 分';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} 天 ${hours} 小时 ${rest} 分`;
  if (hours > 0) return `${hours} 小时 ${rest} 分`;
  return `${rest} 分`;
}

const ENVIRONMENT_TEXT: Readonly<Record<string, string>> = {
  production: '生产',
  development: '开发',
  test: '测试',
};

/** The server's NODE_ENV in Chinese ("生产", "开发", "测试"); an unknown one as it is. */
export function formatEnvironment(environment: string): string {
  return ENVIRONMENT_TEXT[environment] ?? environment;
}
