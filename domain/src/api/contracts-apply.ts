/**
 * Request and result shapes of the apply journey: products, store authorisation, agreements, applications
 * and bank callbacks (the certification's are in contracts-certification.ts). Money is yuan as a decimal string
 * with two places. Fields marked "field-cipher text" are encrypted in the browser with cipher.ts and decrypted by the server.
 */
import type { AgreementKind } from '../agreements/agreement-kinds.ts';
import type { StepKey } from '../banks/application-steps.ts';
import type { MaterialKey } from '../banks/materials.ts';
import type { BankCode } from '../banks/partner-banks.ts';
import type { Actor, ApplicationEvent, ApplicationState } from '../loan/application-types.ts';
import type { RepaymentMethod } from '../schedule/types.ts';
import type { StoreAuthStatus } from '../store/store-auth-status.ts';

// ---------------------------------------------------------------- products (GET /products/list, no session)

export interface ProductCard {
  bank: BankCode;
  bankName: string;
  productCode: string;
  productType: string | null;
  name: string;
  summary: string;
  /** yuan strings */
  minAmount: string;
  maxAmount: string;
  amountStep: string;
  terms: number[];
  /** nominal annual rate as a decimal string, "0.168" */
  annualRate: string;
  method: RepaymentMethod;
  serviceFee: { kind: 'UPFRONT' | 'PER_INSTALMENT'; rate: string } | null;
  /** the fee as every page shows it (serviceFeeLabel): "0.20%/月", "1.00%（一次性）", "无"; always sent */
  serviceFeeLabel?: string;
  /** 年化利率 (IRR of interest plus fees × 12) as a decimal string with 4 places, lowest and highest over the terms */
  annualisedRateMin: string;
  annualisedRateMax: string;
  materials: MaterialKey[];
  flow: StepKey[];
}

export interface ProductListResult {
  items: ProductCard[];
}

// ---------------------------------------------------------------- store authorisation (/seller/…)

export interface StoreInfo {
  sellerId: string;
  sellerName: string;
}

/** GET /seller/mwsTokenCheck and POST /seller/againMwsToken. */
export interface MwsTokenCheckResult {
  /** null while the user has never authorised a store */
  storeInfo: StoreInfo | null;
  shopAuth: StoreAuthStatus;
  marketplaceIds: string[];
  authorisedAt: string | null;
  /** end of the 365-day authorisation */
  expiresAt: string | null;
  checkedAt: string | null;
  /** the store's trailing twelve months' sales in yuan ("2400000.00"); null without an authorised store */
  annualSales: string | null;
  /** the estimated limit: STORE_CREDIT_SHARE_PERCENT of annualSales, in yuan; null without an authorised store */
  estimatedLimit: string | null;
}

export interface AgainMwsTokenRequest {
  sellerId: string;
  /** the marketplace authorisation token (MWS auth token / SP-API refresh token); field-cipher text */
  mwsAuthToken: string;
}

// ---------------------------------------------------------------- agreements (/users/agreement…, userReadAgr)

/** GET /users/agreement?kind=SERVICE: the current version's full text. */
export interface AgreementText {
  kind: AgreementKind;
  version: string;
  title: string;
  body: string;
  /** sha256 hex of body */
  textHash: string;
  minReadSeconds: number;
  /** opaque; proves when the server served this text (the reading time is measured from it) */
  readToken: string;
  /** when this user accepted this version, or null */
  acceptedAt: string | null;
}

export interface AgreementStatusItem {
  kind: AgreementKind;
  title: string;
  route: string;
  version: string;
  accepted: boolean;
  acceptedAt: string | null;
}

export interface AgreementStatusResult {
  items: AgreementStatusItem[];
  /** every kind's current version accepted */
  allAccepted: boolean;
}

/** POST /users/userReadAgr */
export interface UserReadAgrRequest {
  kind: AgreementKind;
  version: string;
  textHash: string;
  readToken: string;
}

export interface UserReadAgrResult {
  kind: AgreementKind;
  version: string;
  acceptedAt: string;
}

// ---------------------------------------------------------------- applications (/loanMgr/…)

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

// ---------------------------------------------------------------- bank callbacks (POST /callbacks/bank/{bank})

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
