import { API, ok } from '@loan/domain';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { loopbackOnly } from '../../plugins/loopback-only.ts';
import { envelope } from '../../schemas/envelope.ts';
import { OutboxQuerystring } from '../../schemas/requests.ts';
import { OutboxMessageSchema } from '../../schemas/results.ts';
import { outboxPage } from './page.ts';

const DEFAULT_LIMIT = 20;

/** The sandbox's sent messages, for developers and testers. Registered only in development, and answering only clients on this machine. */
export function devOutboxRoutes(app: App, ctx: AppContext): void {
  const list = ctx.outbox.list?.bind(ctx.outbox);
  if (!list || ctx.config.environment !== 'development') return;
  const jsonUrl = `${ctx.config.apiBase}${API.devOutbox}`;

  app.get(
    jsonUrl,
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['开发者（非生产环境）'],
        summary: '沙箱发件箱：最近发送的短信和邮件，新的在前',
        querystring: OutboxQuerystring,
        response: { 200: envelope(Type.Array(OutboxMessageSchema)) },
      },
    },
    async (request) =>
      ok(await list({ recipient: request.query.recipient, limit: request.query.limit ?? DEFAULT_LIMIT })),
  );

  app.get(API.devOutbox, { onRequest: loopbackOnly, schema: { hide: true } }, async (_request, reply) => {
    const messages = await list({ limit: 50 });
    return reply.type('text/html; charset=utf-8').send(outboxPage(messages, jsonUrl));
  });
}
