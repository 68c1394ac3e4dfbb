import type { NoticeChannel } from '@loan/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { BankAdapters } from './adapters/banks/bank-adapter.ts';
import type { FileStorage } from './adapters/files/file-storage.ts';
import type { MarketplaceAdapter } from './adapters/marketplace/marketplace.ts';
import type { OutboxAdapter } from './adapters/outbox/outbox.ts';
import type { PaymentGateway, SandboxCashier } from './adapters/payments/gateway.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';

/** What the services need, built once by buildApp and passed to every module. */
export interface AppContext {
  config: Config;
  db: Database;
  /** the clock; tests move it */
  now: () => Date;
  outbox: OutboxAdapter;
  marketplace: MarketplaceAdapter;
  banks: BankAdapters;
  /** the payment gateway; the sandbox one also has its cashier */
  gateway: PaymentGateway & Partial<SandboxCashier>;
  files: FileStorage;
  log: FastifyBaseLogger;
  /** session lookups kept in memory (SESSION_CACHE on), else null */
  sessionCache: SessionCache | null;
  /** points where a test can hold a request (never set outside tests) */
  testHooks?: TestHooks;
  /** told of each notice SMS or e-mail sent, or failed for good (the metrics count them) */
  onNoticeDelivery?: (channel: NoticeChannel, outcome: 'sent' | 'failed') => void;
}

export interface TestHooks {
  /** an upload was admitted (it holds one of the borrower's places) and is about to read its file */
  uploadAdmitted?: () => Promise<void>;
}

/** Who is asking: recorded with sessions and the audit log. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}
