import type { CodeChannel, OutboxMessage } from '@loan/domain';

/** An SMS or e-mail to send. */
export interface OutgoingMessage {
  channel: CodeChannel;
  recipient: string;
  subject: string;
  body: string;
  /**
   * How long what the message carries stays valid (a code's minutes, a small deposit's days), set by its sender:
   * an adapter that keeps what it sent (the sandbox) keeps the message at least that long.
   */
  validForMs: number;
  /**
   * the sender's key for this one message (a notice delivery's): a gateway that takes one is told it so a resend
   * after a lost answer is not a second message; the sandbox keeps one message per key
   */
  idempotencyKey?: string;
}

/** A notice carries nothing that expires: the sandbox keeps it this long for the reader. */
export const NOTICE_VALID_MS = 7 * 24 * 3600_000;

export interface OutboxQuery {
  recipient?: string;
  limit: number;
}

/** SMS and e-mail go out through this adapter; a real gateway is one new implementation. */
export interface OutboxAdapter {
  /** true for the sandbox, which only records the messages */
  readonly sandbox: boolean;
  send(message: OutgoingMessage): Promise<void>;
  /** newest first; only adapters that keep what they sent can list it (the developer outbox) */
  list?(query: OutboxQuery): Promise<OutboxMessage[]>;
}
