import { BANK_CODES, type BankCode } from '@loan/domain';
import type { Database } from '../../db/client.ts';
import type { BankAdapter, BankAdapters } from './bank-adapter.ts';

export interface SandboxBankOptions {
  db: Database;
  /** how long a sandbox bank takes to decide */
  decisionDelayMs: number;
}

/** PLACEHOLDER until the applications work lands: replaced by the documented sandbox banks. */
export function createSandboxBanks(_options: SandboxBankOptions): BankAdapters {
  const missing = async (): Promise<never> => {
    throw new Error('sandbox banks not built yet');
  };
  const one = (code: BankCode): BankAdapter => ({
    code,
    sandbox: true,
    submit: missing,
    query: missing,
    cancel: missing,
  });
  return Object.fromEntries(BANK_CODES.map((code) => [code, one(code)])) as Record<BankCode, BankAdapter>;
}
