import type { OutboxMessage } from '@loan/domain';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import { CODE_RULES } from '../../modules/codes/service.ts';
import type { OutboxAdapter, OutboxQuery, OutgoingMessage } from './outbox.ts';

export interface SandboxOutboxOptions {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  /** log that a message was kept (never whom to or what: read those in the developer outbox) */
  logMessages: boolean;
}

/**
 * How long the sandbox keeps a message: as long as the verification code it carries lives (every message the
 * portal sends carries one). Older messages are not listed and housekeeping deletes them.
 */
export const SANDBOX_OUTBOX_KEEP_MS = CODE_RULES.lifeMs;

/** Deletes the sandbox messages older than SANDBOX_OUTBOX_KEEP_MS; returns how many. */
export async function purgeSandboxOutbox(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(outboxMessages)
    .where(lt(outboxMessages.createdAt, new Date(now.getTime() - SANDBOX_OUTBOX_KEEP_MS)))
    .returning({ id: outboxMessages.id });
  return deleted.length;
}

/** Sandbox SMS/e-mail: records each message in outbox_messages instead of sending it. */
export function createSandboxOutbox({ db, now, log, logMessages }: SandboxOutboxOptions): OutboxAdapter {
  return {
    sandbox: true,
    async send(message: OutgoingMessage) {
      await db.insert(outboxMessages).values({ ...message, createdAt: now() });
      if (logMessages)
        log.info(
          { outbox: { channel: message.channel } },
          `[沙箱 sandbox] ${message.channel} 已存入开发者收件箱 / kept in the developer outbox`,
        );
    },
    async list({ recipient, limit }: OutboxQuery): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(
          and(
            gt(outboxMessages.createdAt, new Date(now().getTime() - SANDBOX_OUTBOX_KEEP_MS)),
            recipient ? eq(outboxMessages.recipient, recipient) : undefined,
          ),
        )
        .orderBy(desc(outboxMessages.id))
        .limit(limit);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };
}
