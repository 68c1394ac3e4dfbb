import type { OutboxMessage } from '@loan/domain';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import type { OutboxAdapter, OutboxQuery, OutgoingMessage } from './outbox.ts';

export interface SandboxOutboxOptions {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  /** log each message (verification codes included): never in production */
  logMessages: boolean;
}

/** Sandbox SMS/e-mail: records each message in outbox_messages instead of sending it. */
export function createSandboxOutbox({ db, now, log, logMessages }: SandboxOutboxOptions): OutboxAdapter {
  return {
    sandbox: true,
    async send(message: OutgoingMessage) {
      await db.insert(outboxMessages).values({ ...message, createdAt: now() });
      if (logMessages)
        log.info({ outbox: message }, `[沙箱 sandbox] ${message.channel} → ${message.recipient}`);
    },
    async list({ recipient, limit }: OutboxQuery): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
        .orderBy(desc(outboxMessages.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };
}
