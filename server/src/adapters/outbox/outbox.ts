import type { CodeChannel, OutboxMessage } from '@loan/domain';

/** An SMS or e-mail to send. */
export interface OutgoingMessage {
  channel: CodeChannel;
  recipient: string;
  subject: string;
  body: string;
}

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
