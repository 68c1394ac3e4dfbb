/**
 * Request and result shapes of loan applications (/loanMgr/…) and of the partner banks' callbacks
 * (POST /callbacks/bank/{bank}); the certification's are in contracts-certification.ts. Money is yuan as a
 * decimal string with two places.
 */
import type { StepKey } from '../banks/application-steps.ts';
import type { BankCode } from '../banks/partner-banks.ts';
import type { Actor, ApplicationEvent, ApplicationState } from '../loan/application-types.ts';
import type { ProductCard } from './contracts-products.ts';

/** A loan purpose's length in characters, trimmed: at least this many… */
export const PURPOSE_MIN_LENGTH = 2;
/** …and at most this many. */
export const PURPOSE_MAX_LENGTH = 200;
/** The most characters of a reason the borrower gives for cancelling (longer is cut). */
export const CANCEL_REASON_MAX = 200;

export type StepStatus = 'DONE' | 'CURRENT' | 'TODO' | 'WAITING';

export interface ApplicationStepView {
  key: StepKey;
  title: string;
  description: string;
  by: 'BORROWER' | 'BANK';
  simulated: boolean;
  status: StepStatus;
  /** the portal path where the borrower does this step, when it is done elsewhere */
  path: string | null;
}

export interface TimelineEntry {
  at: string;
  fromState: ApplicationState | null;
  toState: ApplicationState;
  event: ApplicationEvent | 'CREATE';
  actor: Actor;
  /** Chinese: who acted (借款人 / 华润银行 / 系统 …) */
  actorLabel: string;
  reason: string | null;
}

export interface ApplicationView {
  rowId: number;
  bank: BankCode;
  bankName: string;
  productCode: string;
  productType: string | null;
  mcOrderNo: string | null;
  state: ApplicationState;
  /** yuan strings or null before submission */
  amount: string | null;
  termMonths: number | null;
  purpose: string | null;
  approvedAmount: string | null;
  decisionReason: string | null;
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  decidedAt: string | null;
  /** last Shanghai day the approval may be signed ("YYYY-MM-DD"), while APPROVED or SIGNED; else null */
  signDeadline: string | null;
  /** the portal path of this application's bank page (LoanInfo_YNIT/…) */
  bankPath: string;
  /** the loan it became at disbursement (its detail: /record/loanRecordDetail?rowId=), else null */
  loanId: number | null;
}

export interface ApplicationDetail {
  application: ApplicationView;
  product: ProductCard;
  steps: ApplicationStepView[];
  timeline: TimelineEntry[];
  /** what the borrower may do now */
  canSubmit: boolean;
  canCancel: boolean;
  canSign: boolean;
}

/** POST /loanMgr/createApplication: a draft for this product (or the open one that exists). */
export interface CreateApplicationRequest {
  productCode: string;
}

/** GET /loanMgr/application: by rowId, or for CRBANK by mcOrderNo; productCode/productType must match when given. */
export interface ApplicationQuery {
  rowId?: string;
  mcOrderNo?: string;
  productCode?: string;
  productType?: string;
}

export interface ApplicationListResult {
  items: ApplicationView[];
}

/** POST /loanMgr/submitApplication */
export interface SubmitApplicationRequest {
  rowId: number;
  /** yuan, at most two decimals */
  amount: string;
  termMonths: number;
  purpose: string;
}

/** POST /loanMgr/completeStep: a sandbox-simulated borrower step (face verification, collection account). */
export interface CompleteStepRequest {
  rowId: number;
  step: 'FACE_VERIFY' | 'OPEN_COLLECTION_ACCOUNT';
}

/** POST /loanMgr/advanceCancel (30 s client time-out) and POST /loanMgr/signContract. */
export interface ApplicationActionRequest {
  rowId: number;
  /** the borrower's reason, shown in the timeline */
  reason?: string;
}

// ---------------------------------------------------------------- bank callbacks

/**
 * The body a partner bank posts. Headers: `x-bank-timestamp` (unix seconds) and `x-bank-signature`:
 * hex HMAC-SHA256 over `${timestamp}.${rawBody}` with the bank's callback secret. A replayed eventId is
 * answered with outcome DUPLICATE and changes nothing; a timestamp more than 5 minutes off is refused (3502).
 */
export interface BankCallbackBody {
  eventId: string;
  bankRef: string;
  decision: 'START_REVIEW' | 'APPROVE' | 'REJECT' | 'DISBURSE';
  /** yuan string, for APPROVE */
  approvedAmount?: string;
  reason?: string;
}

export interface BankCallbackResult {
  eventId: string;
  /** APPLIED | IGNORED (the transition was not legal) | DUPLICATE (a replay) */
  outcome: 'APPLIED' | 'IGNORED' | 'DUPLICATE';
}
