import { API, PRODUCT_NAME } from '@loan/domain';
import { SANDBOX_DEMO_SELLER_ID } from './adapters/marketplace/sandbox.ts';
import type { Config } from './config.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS } from './db/seed-operators.ts';

/** A token of the right shape that the sandbox marketplace accepts (docs/SANDBOX.md). */
const SANDBOX_DEMO_TOKEN = 'amzn.mws.1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/**
 * What `npm start` prints once the server listens: the URL and health checks; outside production also the demo
 * accounts and the sandbox store, and in development the developer outbox.
 */
export function startBanner(config: Config, database: string, pid: number = process.pid): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${config.port}`;
  const ops = config.opsListener;
  const consoleUrl = ops
    ? `http://${ops.host === '0.0.0.0' || ops.host === '::' ? '127.0.0.1' : ops.host}:${ops.port}/ops/`
    : `${url}/ops/`;
  const lines = [
    '',
    `  ${PRODUCT_NAME}已启动 / Loan portal is running: ${url}`,
    `  API: ${url}${config.apiBase}${config.openapiPublic ? `   OpenAPI: ${url}${config.apiBase}/openapi.json` : ''}`,
    `  健康检查 / health: ${url}${config.apiBase}${API.health}   ${url}${config.apiBase}${API.healthReady}`,
    ...(ops ? [`  运营后台（独立监听）/ operator console (own listener): ${consoleUrl}`] : []),
    `  数据库 / database: ${database}`,
    `  进程号 / pid: ${pid}`,
  ];
  if (config.environment === 'production') {
    // production: no account, password or sandbox credential is ever printed
    if (config.sandbox) lines.push('  沙箱接口 / sandbox adapters: SANDBOX=1');
    lines.push('');
    return lines.join('\n');
  }
  lines.push(
    '',
    '  演示账号 / demo accounts:',
    ...DEMO_ACCOUNTS.map((a) => `    ${a.loginId.padEnd(8)} / ${a.password.padEnd(12)} ${a.note}`),
    '',
    `  运营后台 / operator console: ${consoleUrl}   密码 password ${DEMO_OPERATOR_PASSWORD}，验证器密钥 TOTP secret 如下 / as below:`,
    ...DEMO_OPERATORS.map((o) => `    ${o.loginId.padEnd(13)} ${o.name}（${o.role}） TOTP ${o.totpSecret}`),
    '',
    '  沙箱店铺授权 / sandbox store authorisation (贷款信息 → 授权店铺):',
    `    卖家编号 seller id ${SANDBOX_DEMO_SELLER_ID}   店铺授权令牌 token ${SANDBOX_DEMO_TOKEN}`,
    '    合作机构沙箱规则 / how the sandbox banks decide: docs/SANDBOX.md',
  );
  if (config.environment === 'development') {
    lines.push('', `  开发者收件箱（沙箱短信/邮件，含验证码）/ developer outbox: ${url}${API.devOutbox}`);
  }
  lines.push('');
  return lines.join('\n');
}
