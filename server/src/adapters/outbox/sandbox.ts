import type { OutboxMessage } from '@loan/domain';
import { desc, gt, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';
import { nextRowId } from '../../lib/next-row-id.ts';
import { type AtRestKeys, openOrNull, seal, UNREADABLE_MASK } from '../../lib/sealed-columns.ts';
import type { OutboxAdapter, OutboxQuery, OutgoingMessage } from './outbox.ts';

export interface SandboxOutboxOptions {
  db: Database;
  /** the recipient is sealed with PII_KEY, bound to the message row */
  keys: AtRestKeys;
  now: () => Date;
  log: FastifyBaseLogger;
  /** log that a message was kept (never whom to or what: read those in the developer outbox) */
  logMessages: boolean;
}

/** Deletes the sandbox messages kept past their keep-until; returns how many. */
export async function purgeSandboxOutbox(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(outboxMessages)
    .where(lt(outboxMessages.keepUntil, now))
    .returning({ id: outboxMessages.id });
  return deleted.length;
}

/**
 * Sandbox SMS/e-mail: records each message in outbox_messages instead of sending it. The recipient is sealed
 * (bound to the row id, drawn before the insert); the listing opens it and filters by it in code: the listing
 * only reads the messages still kept (each until its sender's validity has passed), so no lookup hash is kept
 * for it.
 */
export function createSandboxOutbox({
  db,
  keys,
  now,
  log,
  logMessages,
}: SandboxOutboxOptions): OutboxAdapter {
  const opener = { config: keys, log };
  return {
    sandbox: true,
    async send({ recipient, validForMs, ...message }: OutgoingMessage) {
      const id = await nextRowId(db, 'outbox_messages');
      const recipientEnc = seal(keys, 'outboxRecipient', id, recipient);
      const at = now();
      const keepUntil = new Date(at.getTime() + validForMs);
      const { idempotencyKey = null, ...content } = message;
      await db
        .insert(outboxMessages)
        .values({ ...content, id, recipientEnc, createdAt: at, keepUntil, idempotencyKey })
        .onConflictDoNothing({ target: outboxMessages.idempotencyKey });
      if (logMessages)
        log.info(
          { outbox: { channel: message.channel } },
          `[沙箱 sandbox] ${message.channel} 已存入开发者收件箱 / kept in the developer outbox`,
        );
    },
    async list({ recipient, limit }: OutboxQuery): Promise<OutboxMessage[]> {
      const recent = db
        .select()
        .from(outboxMessages)
        .where(gt(outboxMessages.keepUntil, now()))
        .orderBy(desc(outboxMessages.id));
      // by recipient: every recent message is opened, as the recipient is known only then
      const rows = await (recipient ? recent : recent.limit(limit));
      const messages: OutboxMessage[] = [];
      for (const { recipientEnc, keepUntil: _kept, idempotencyKey: _key, ...r } of rows) {
        const opened = openOrNull(opener, 'outboxRecipient', r.id, recipientEnc);
        if (recipient && opened !== recipient) continue;
        messages.push({ ...r, recipient: opened ?? UNREADABLE_MASK, createdAt: r.createdAt.toISOString() });
        if (messages.length === limit) break;
      }
      return messages;
    },
  };
}
