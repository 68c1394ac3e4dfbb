import fastifySwagger from '@fastify/swagger';
import { ACCESS_TOKEN_HEADER, OPS_TOKEN_HEADER, PRODUCT_NAME } from '@loan/domain';
import type { App } from '../http.ts';

/** Collects every route's schema (register before the routes); served at {API_BASE}/openapi.json. */
export async function registerOpenApi(app: App): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${PRODUCT_NAME} API`,
        description:
          '所有应答为 `{ response: { rspCode, rspDesc }, result }`；rspCode "0000" 表示成功。' +
          '可处理的问题（输入错误、密码错误、锁定等）为 HTTP 200 + 非 "0000" rspCode；HTTP 401 表示没有有效会话；运营后台（/ops/）的调用缺少权限或不在允许的网段时为 HTTP 403。',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: ACCESS_TOKEN_HEADER },
          opsToken: { type: 'apiKey', in: 'header', name: OPS_TOKEN_HEADER },
        },
      },
    },
  });
}

export function registerOpenApiRoute(app: App, apiBase: string): void {
  app.get(`${apiBase}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
