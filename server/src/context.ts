import type { FastifyBaseLogger } from 'fastify';
import type { OutboxAdapter } from './adapters/outbox/outbox.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

/** What the services need, built once by buildApp and passed to every module. */
export interface AppContext {
  config: Config;
  db: Database;
  /** the clock; tests move it */
  now: () => Date;
  outbox: OutboxAdapter;
  log: FastifyBaseLogger;
}

/** Who is asking: recorded with sessions and the audit log. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}
