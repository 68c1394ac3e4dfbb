import type { PaidMethod } from '../account/receiving-account.ts';
import type { OverdueBucket } from '../loan/overdue.ts';

/**
 * The notices of the portal: what happened (an event) → one message in the borrower's message centre (站内信,
 * always) and, per the kind's rule and the borrower's choices, an SMS and an e-mail. The categories, which kinds
 * the borrower may turn off, and which ignore quiet hours are kept here; the texts are in notice-texts.ts.
 */

export const NOTICE_CATEGORIES = ['LOAN', 'REPAYMENT', 'OVERDUE', 'REFUND', 'ACCOUNT', 'STATEMENT'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

export const NOTICE_CATEGORY_LABEL: Readonly<Record<NoticeCategory, string>> = {
  LOAN: '借款进度',
  REPAYMENT: '还款提醒',
  OVERDUE: '逾期通知',
  REFUND: '退款进度',
  ACCOUNT: '账户与安全',
  STATEMENT: '月度对账单',
};

/** The channels beside the message centre; the message centre itself is always written. */
export const NOTICE_CHANNELS = ['sms', 'email'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export const NOTICE_CHANNEL_LABEL: Readonly<Record<NoticeChannel, string>> = { sms: '短信', email: '邮件' };

/** The facts each kind of notice carries; the texts are filled from these, never retyped. */
export interface NoticeFacts {
  APPLICATION_APPROVED: { applicationRowId: number; bankName: string; amountFen: number; signBy: string };
  APPLICATION_REJECTED: { applicationRowId: number; bankName: string; reason: string | null };
  LOAN_DISBURSED: {
    applicationRowId: number;
    bankName: string;
    amountFen: number;
    firstDueDate: string;
    firstDueFen: number;
  };
  PAYMENT_RECEIVED: { orderNo: string; amountFen: number; paidAt: string; what: string };
  REFUND_PROGRESS: {
    refundRowId: number;
    amountFen: number;
    stage: 'APPROVED' | 'REJECTED' | 'REFUNDED' | 'FAILED';
    reason: string | null;
  };
  DUE_SOON: {
    applicationRowId: number;
    seq: number;
    dueDate: string;
    owedFen: number;
    daysLeft: number;
    method: PaidMethod;
  };
  OVERDUE: {
    applicationRowId: number;
    seq: number;
    dueDate: string;
    owedFen: number;
    penaltyFen: number;
    days: number;
    bucket: OverdueBucket;
    method: PaidMethod;
  };
  RECEIVING_ACCOUNT: { problem: string };
  SIGN_IN: { at: string; device: string };
  PASSWORD_CHANGED: { at: string };
  CONTACT_CHANGED: { channel: NoticeChannel; masked: string; at: string };
  STATEMENT_READY: { statementId: number; month: string; closingFen: number; nextDueDate: string | null };
}

export type NoticeKind = keyof NoticeFacts;

/** One event of a kind with its facts. */
export type NoticeEvent = { [K in NoticeKind]: { kind: K; facts: NoticeFacts[K] } }[NoticeKind];

export interface NoticeKindRule {
  category: NoticeCategory;
  /**
   * a legal notice (an overdue notice, a contract to sign and its deadline) or a security notice: the borrower
   * cannot turn its SMS or e-mail off
   */
  required: boolean;
  /** sent by SMS even in quiet hours (security notices only) */
  urgent: boolean;
  /** the channels beside the message centre, before the borrower's choices */
  channels: readonly NoticeChannel[];
}

const BOTH = ['sms', 'email'] as const;

export const NOTICE_KIND_RULES: Readonly<Record<NoticeKind, NoticeKindRule>> = {
  APPLICATION_APPROVED: { category: 'LOAN', required: true, urgent: false, channels: BOTH },
  APPLICATION_REJECTED: { category: 'LOAN', required: false, urgent: false, channels: BOTH },
  LOAN_DISBURSED: { category: 'LOAN', required: false, urgent: false, channels: BOTH },
  PAYMENT_RECEIVED: { category: 'REPAYMENT', required: false, urgent: false, channels: ['email'] },
  REFUND_PROGRESS: { category: 'REFUND', required: false, urgent: false, channels: BOTH },
  DUE_SOON: { category: 'REPAYMENT', required: false, urgent: false, channels: BOTH },
  OVERDUE: { category: 'OVERDUE', required: true, urgent: false, channels: BOTH },
  RECEIVING_ACCOUNT: { category: 'ACCOUNT', required: false, urgent: false, channels: BOTH },
  SIGN_IN: { category: 'ACCOUNT', required: true, urgent: true, channels: ['email'] },
  PASSWORD_CHANGED: { category: 'ACCOUNT', required: true, urgent: true, channels: BOTH },
  CONTACT_CHANGED: { category: 'ACCOUNT', required: true, urgent: true, channels: BOTH },
  STATEMENT_READY: { category: 'STATEMENT', required: false, urgent: false, channels: ['email'] },
};

/**
 * The categories a borrower chooses channels for: a category is optional while one of its kinds is not
 * required; a required kind is sent whatever the choice.
 */
export const OPTIONAL_NOTICE_CATEGORIES: readonly NoticeCategory[] = NOTICE_CATEGORIES.filter((category) =>
  Object.values(NOTICE_KIND_RULES).some((rule) => rule.category === category && !rule.required),
);

/** The categories whose notices are all required (the preferences show them locked). */
export const REQUIRED_NOTICE_CATEGORIES: readonly NoticeCategory[] = NOTICE_CATEGORIES.filter(
  (category) => !OPTIONAL_NOTICE_CATEGORIES.includes(category),
);

/** A borrower's choice of channels per optional category; a missing entry means the kind's default channels. */
export type NoticePreferences = Partial<Record<NoticeCategory, Partial<Record<NoticeChannel, boolean>>>>;

/** The channels a notice of a kind goes by, beside the message centre, under the borrower's choices. */
export function noticeChannels(kind: NoticeKind, preferences: NoticePreferences): NoticeChannel[] {
  const rule = NOTICE_KIND_RULES[kind];
  if (rule.required) return [...rule.channels];
  const chosen = preferences[rule.category] ?? {};
  return rule.channels.filter((channel) => chosen[channel] !== false);
}

/** The page a notice links to: the web resolves each to its path. */
export type NoticeLink =
  | { page: 'LOAN'; rowId: number }
  | { page: 'APPLICATION'; rowId: number }
  | { page: 'TRADING' }
  | { page: 'REFUND' }
  | { page: 'RECEIVING_ACCOUNT' }
  | { page: 'MY_ACCOUNT' }
  | { page: 'SECURITY' };

export const NOTICE_LINK_PAGES = [
  'LOAN',
  'APPLICATION',
  'TRADING',
  'REFUND',
  'RECEIVING_ACCOUNT',
  'MY_ACCOUNT',
  'SECURITY',
] as const satisfies readonly NoticeLink['page'][];
