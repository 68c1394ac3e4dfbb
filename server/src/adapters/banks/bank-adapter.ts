import type { BankCode } from '@loan/domain';

/**
 * A partner bank: submit an application, query it, cancel it; decisions come back asynchronously through the
 * signed callback endpoint (POST {API_BASE}/callbacks/bank/{bank}). The sandbox implementations are in
 * sandbox.ts; a real bank is one new file implementing this.
 */
export interface BankSubmission {
  applicationId: number;
  bank: BankCode;
  productCode: string;
  productType: string | null;
  amountFen: number;
  termMonths: number;
  purpose: string;
  companyName: string;
  uscc: string;
  /** the store's trailing twelve months' sales from the marketplace, in fen */
  annualSalesFen: number;
}

export type BankSubmitResult = { accepted: true; bankRef: string } | { accepted: false; reason: string };

export type BankQueryResult = {
  status: 'RECEIVED' | 'UNDER_REVIEW' | 'APPROVED' | 'REJECTED' | 'CANCELLED' | 'UNKNOWN';
  reason: string | null;
};

/**
 * Every call that changes something at the bank carries an idempotency key (modules/partner-calls): asked again
 * with the same key, the bank gives the same answer (the same bankRef) and does nothing a second time.
 */
export interface BankAdapter {
  readonly code: BankCode;
  readonly sandbox: boolean;
  submit(submission: BankSubmission, now: Date, idempotencyKey: string): Promise<BankSubmitResult>;
  query(bankRef: string, now: Date): Promise<BankQueryResult>;
  /** asks the bank to drop an application not yet disbursed; false when it refuses */
  cancel(
    bankRef: string,
    reason: string,
    now: Date,
    idempotencyKey: string,
  ): Promise<{ ok: boolean; reason: string | null }>;
  /** tells the bank the borrower signed the contract; the bank disburses later (DISBURSE callback) */
  contractSigned(bankRef: string, now: Date, idempotencyKey: string): Promise<void>;
  /** asks the bank to settle a disbursed loan early for the quoted total (fen); false when it refuses */
  settle(
    bankRef: string,
    totalFen: number,
    now: Date,
    idempotencyKey: string,
  ): Promise<{ ok: boolean; reason: string | null }>;
  /**
   * asks the bank to open a collection sub-account; accepted: the account number (or the failure) comes later
   * by the signed callback POST {API_BASE}/callbacks/bank/{bank}/account with requestRef = idempotencyKey
   */
  openSubAccount(
    request: SubAccountRequest,
    now: Date,
    idempotencyKey: string,
  ): Promise<{ accepted: boolean; reason: string | null }>;
  /** asks the bank to send the small deposit; false when it refuses */
  sendSmallDeposit(
    deposit: SmallDeposit,
    now: Date,
    idempotencyKey: string,
  ): Promise<{ ok: boolean; reason: string | null }>;
}

/** A request to open a collection sub-account for a company (the answer comes by the signed callback). */
export interface SubAccountRequest {
  userId: number;
  bank: BankCode;
  companyName: string;
  uscc: string;
}

/** A small deposit (小额打款) the bank sends from the sub-account to the borrower's settlement account. */
export interface SmallDeposit {
  bank: BankCode;
  bankName: string;
  accountName: string;
  accountNo: string;
  amountFen: number;
}

export type BankAdapters = Readonly<Record<BankCode, BankAdapter>>;
