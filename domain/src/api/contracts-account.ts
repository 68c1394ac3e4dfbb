import type {
  AccountLock,
  PaidMethod,
  PayoutPointing,
  SettlementCheckState,
  SubAccountState,
} from '../account/receiving-account.ts';
import type { BankCode } from '../banks/partner-banks.ts';
import type { StoreAuthStatus } from '../store/store-auth-status.ts';

/**
 * The receiving account and My account on the wire. Money is yuan with two places ("12.34"), dates "YYYY-MM-DD"
 * (Asia/Shanghai), times ISO 8601.
 */

// ---- receiving account: /lock/* ----

export interface SubAccountView {
  id: number;
  bankCode: BankCode;
  bankName: string;
  state: SubAccountState;
  /** the full number: only on GET /lock/account for its owner, null everywhere else and until opened */
  accountNo: string | null;
  /** e.g. 6222 **** **** 1234; null until opened */
  accountNoMasked: string | null;
  /** the company the account is opened for (from the certification) */
  companyName: string;
  requestedAt: string;
  openedAt: string | null;
  closedAt: string | null;
  /** why the bank refused to open it */
  failReason: string | null;
}

export interface SettlementAccountView {
  state: SettlementCheckState;
  bankName: string;
  accountName: string;
  accountNoMasked: string;
  /** wrong entries left before the check fails */
  triesLeft: number;
  /** when the pending check expires */
  expiresAt: string | null;
  verifiedAt: string | null;
}

export interface PayoutView {
  state: PayoutPointing;
  /** the last time the marketplace was asked */
  checkedAt: string | null;
  /** where the marketplace says the payouts go, masked */
  destinationMasked: string | null;
  /** what the borrower should do, in Chinese (null when all is well) */
  note: string | null;
}

/** A partner bank the borrower may open the sub-account at: one they are applying to or borrowing from. */
export interface EligibleBank {
  bankCode: BankCode;
  bankName: string;
  /** 申请中 | 借款中 */
  why: string;
  /** the bank's flow needs the account before submitting, signing or disbursing */
  required: boolean;
}

/** GET /lock/account */
export interface ReceivingAccountView {
  /** from the certification; null when not certified */
  companyName: string | null;
  usccMasked: string | null;
  eligibleBanks: EligibleBank[];
  /** the account in use: OPENING, OPEN or FAILED (the last request); null when none was ever asked for */
  current: SubAccountView | null;
  /** earlier accounts (CLOSED, FAILED), newest first */
  history: SubAccountView[];
  settlement: SettlementAccountView | null;
  payout: PayoutView;
  /** null until chosen (STORE_PAYOUT is assumed for collections) */
  paidMethod: PaidMethod | null;
  lock: AccountLock;
  /** the sandbox marketplace and banks: the page offers the sandbox's own shortcuts */
  sandbox: boolean;
}

/** POST /lock/openSubAccount: asks the bank to open (or, unlocked, to replace) the sub-account. */
export interface OpenSubAccountRequest {
  bankCode: BankCode;
}

/** POST /lock/settlementAccount: the corporate account; the bank sends a small deposit to it. */
export interface SettlementAccountRequest {
  bankName: string;
  /** digits only, 8–30 */
  accountNo: string;
}

/** POST /lock/verifySettlement: the deposit's amount in yuan, e.g. "0.37". */
export interface VerifySettlementRequest {
  amount: string;
}

/** POST /lock/paidMethod */
export interface PaidMethodRequest {
  paidMethod: PaidMethod;
}

/** POST /callbacks/bank/{bank}/account: the bank's signed answer to an opening request. */
export interface SubAccountCallbackBody {
  eventId: string;
  /** our request's reference (the claim's idempotency key) */
  requestRef: string;
  outcome: 'OPENED' | 'FAILED';
  accountNo?: string;
  reason?: string;
}

// ---- My account: /account/* ----

export interface OwedInstalment {
  loanId: number;
  rowId: number | null;
  productName: string;
  bankName: string;
  seq: number;
  dueDate: string;
  /** what is still owed on it: principal + interest + fee + penalty (counted to today) */
  amount: string;
  /** of which penalty interest counted to today ("0.00" when not overdue) */
  penalty: string;
  /** Shanghai calendar days past the due date (0 when not overdue) */
  overdueDays: number;
}

/** What I owe, across all loans and fees. */
export interface OwedOverview {
  /** the earliest due date not yet paid and not overdue; null when nothing is coming */
  nextDueDate: string | null;
  /** owed on nextDueDate across all loans */
  nextDueAmount: string;
  nextDueItems: OwedInstalment[];
  /** principal not yet repaid, all loans */
  outstandingPrincipal: string;
  /** every overdue instalment's amount, penalty to today included */
  overdueAmount: string;
  /** of which penalty interest counted to today */
  overduePenalty: string;
  /** days past due of the oldest overdue instalment (0: nothing overdue) */
  overdueDays: number;
  overdueItems: OwedInstalment[];
  /** 待缴服务费: every fee item still owed, upfront and per instalment, whatever the due date (the fee page's 待缴) */
  feesDue: string;
  feesDueCount: number;
  loansOutstanding: number;
}

export interface AccountProfile {
  loginId: string;
  userNameCn: string;
  phoneMasked: string | null;
  emailMasked: string | null;
  companyName: string | null;
  /** 未认证 | 已认证 | 部分认证 */
  certificationLabel: string;
  storeStatus: StoreAuthStatus;
  storeStatusLabel: string;
  storeExpiresAt: string | null;
  receiving: {
    state: SubAccountState | null;
    label: string;
    bankName: string | null;
    accountNoMasked: string | null;
    payout: PayoutPointing;
    payoutLabel: string;
  };
}

/** GET /account/overview */
export interface AccountOverview {
  owed: OwedOverview;
  profile: AccountProfile;
  couponsCount: number;
}

export type SignInMethod = 'PASSWORD' | 'SMS' | 'PARTNER_LINK';

export interface SignInView {
  at: string;
  ip: string | null;
  /** e.g. Chrome · Windows, from the user agent */
  device: string;
  method: SignInMethod;
  methodLabel: string;
  /** this sign-in began the session asking (当前设备) */
  current: boolean;
}

/** GET /account/security */
export interface SecurityView {
  pwdTime: string | null;
  /** whole days since the password was last changed */
  pwdAgeDays: number | null;
  /** true after 90 days */
  pwdNudge: boolean;
  signIns: SignInView[];
  /** live sessions other than this one */
  otherSessions: number;
}

/** POST /account/signOutOthers */
export interface SignOutOthersResult {
  revoked: number;
}

export type ContactChannel = 'sms' | 'email';

/** POST /account/sendContactCode: a code to the new phone or e-mail. */
export interface SendContactCodeRequest {
  channel: ContactChannel;
  target: string;
}

/** POST /account/changeContact */
export interface ChangeContactRequest {
  channel: ContactChannel;
  target: string;
  code: string;
  /** field-cipher text of the current login password: a code to the new contact alone is not enough */
  password: string;
}

export interface ChangeContactResult {
  phoneMasked: string | null;
  emailMasked: string | null;
}
