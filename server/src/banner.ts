import { API } from '@loan/domain';
import type { Config } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';

/** What `npm start` prints once the server listens: the URL, the demo accounts, the developer outbox. */
export function startBanner(config: Config, database: string): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${config.port}`;
  const lines = [
    '',
    `  跨境电商融资服务平台已启动 / Loan portal is running: ${url}`,
    `  API: ${url}${config.apiBase}   OpenAPI: ${url}${config.apiBase}/openapi.json`,
    `  数据库 / database: ${database}`,
    '',
    '  演示账号 / demo accounts:',
    ...DEMO_ACCOUNTS.map((a) => `    ${a.loginId.padEnd(8)} / ${a.password.padEnd(12)} ${a.note}`),
  ];
  if (config.environment !== 'production') {
    lines.push('', `  开发者收件箱（沙箱短信/邮件，含验证码）/ developer outbox: ${url}${API.devOutbox}`);
  }
  lines.push('');
  return lines.join('\n');
}
