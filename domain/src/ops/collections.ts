/**
 * 催收工作台: what a collections case records and the Chinese words the console and the audit log read it in.
 * A case is one borrower's collections work (one open at a time); its activity log holds notes, contact attempts,
 * promises to pay, hardship requests and assignments. Nothing here moves money: relief the borrower is granted
 * goes through the waivers (maker-checker).
 */
import { fenToYuan } from '../money.ts';

export const COLLECTION_ACTIVITY_KINDS = ['NOTE', 'CONTACT', 'PROMISE', 'HARDSHIP', 'ASSIGN'] as const;
export type CollectionActivityKind = (typeof COLLECTION_ACTIVITY_KINDS)[number];
export const COLLECTION_ACTIVITY_LABEL: Readonly<Record<CollectionActivityKind, string>> = {
  NOTE: '备注',
  CONTACT: '联系',
  PROMISE: '承诺还款',
  HARDSHIP: '困难申请',
  ASSIGN: '分派',
};

export const CONTACT_CHANNELS = ['PHONE', 'SMS', 'EMAIL', 'WECHAT', 'VISIT', 'LETTER'] as const;
export type CollectionChannel = (typeof CONTACT_CHANNELS)[number];
export const CONTACT_CHANNEL_LABEL: Readonly<Record<CollectionChannel, string>> = {
  PHONE: '电话',
  SMS: '短信',
  EMAIL: '邮件',
  WECHAT: '微信',
  VISIT: '上门',
  LETTER: '信函',
};

export const CONTACT_OUTCOMES = [
  'REACHED',
  'THIRD_PARTY',
  'NO_ANSWER',
  'UNREACHABLE',
  'REFUSED',
  'MESSAGE_LEFT',
] as const;
export type ContactOutcome = (typeof CONTACT_OUTCOMES)[number];
export const CONTACT_OUTCOME_LABEL: Readonly<Record<ContactOutcome, string>> = {
  REACHED: '联系到本人',
  THIRD_PARTY: '联系到他人',
  NO_ANSWER: '无人接听',
  UNREACHABLE: '无法接通或号码有误',
  REFUSED: '拒绝沟通',
  MESSAGE_LEFT: '已留言或已送达',
};

export const PROMISE_STATES = ['PENDING', 'KEPT', 'BROKEN'] as const;
export type PromiseState = (typeof PROMISE_STATES)[number];
/** Tag colours readable at WCAG AA: antd's light blue and red tags, or solid dark ones (white text). */
export const PROMISE_STATE_DISPLAY: Readonly<Record<PromiseState, { label: string; colour: string }>> = {
  PENDING: { label: '待兑现', colour: 'blue' },
  KEPT: { label: '已兑现', colour: '#237804' },
  BROKEN: { label: '未兑现', colour: 'red' },
};

export const HARDSHIP_RELIEFS = ['DEFER', 'WAIVE_PENALTY', 'INSTALMENTS', 'OTHER'] as const;
export type HardshipRelief = (typeof HARDSHIP_RELIEFS)[number];
export const HARDSHIP_RELIEF_LABEL: Readonly<Record<HardshipRelief, string>> = {
  DEFER: '延期还款',
  WAIVE_PENALTY: '减免罚息',
  INSTALMENTS: '分次偿还',
  OTHER: '其他',
};

export const HARDSHIP_STATES = ['OPEN', 'ACCEPTED', 'DECLINED'] as const;
export type HardshipState = (typeof HARDSHIP_STATES)[number];
export const HARDSHIP_STATE_DISPLAY: Readonly<Record<HardshipState, { label: string; colour: string }>> = {
  OPEN: { label: '待处理', colour: '#ad4e00' },
  ACCEPTED: { label: '已接受', colour: '#237804' },
  DECLINED: { label: '已拒绝', colour: 'default' },
};
export type HardshipDecision = Exclude<HardshipState, 'OPEN'>;

/** A case: OPEN while its borrower is worked; CLOSED by the engine once nothing is overdue nor promised. */
export type CollectionCaseState = 'OPEN' | 'CLOSED';

/** The worklist's filter by who works the case: mine, nobody yet, or an operator's login id. */
export const ASSIGNEE_MINE = 'mine';
export const ASSIGNEE_NONE = 'none';

export const COLLECTION_LIMITS = {
  /** a note, a contact's summary, a hardship's reason or a decision's note */
  textMax: 500,
  nextActionMax: 100,
  /** a promise to pay falls within this many days from today */
  promiseMaxDays: 30,
  /** a next action is planned within this many days from today */
  nextActionMaxDays: 90,
} as const;

/** What the console calls the state of an SMS or e-mail delivery of a notice. */
export const DELIVERY_STATE_LABEL: Readonly<Record<string, string>> = {
  PENDING: '待发送',
  SENDING: '发送中',
  SENT: '已发送',
  FAILED: '发送失败',
  CANCELLED: '已取消',
  SKIPPED: '未发送',
};

const labelOf = (table: Readonly<Record<string, string>>, code: unknown) =>
  typeof code === 'string' ? (table[code] ?? code) : null;

/** The collections part of an audit entry's one-line summary (channel and outcome, a promise, a relief). */
export function collectionAuditSummary(detail: Record<string, unknown>): string[] {
  const parts: string[] = [];
  const channel = labelOf(CONTACT_CHANNEL_LABEL, detail.channel);
  const outcome = labelOf(CONTACT_OUTCOME_LABEL, detail.outcome);
  if (channel) parts.push(outcome ? `${channel}：${outcome}` : channel);
  if (typeof detail.promisedDate === 'string' && typeof detail.amountFen === 'number') {
    parts.push(`承诺 ${detail.promisedDate} 前还款 ${fenToYuan(detail.amountFen)} 元`);
  }
  const relief = labelOf(HARDSHIP_RELIEF_LABEL, detail.relief);
  if (relief) parts.push(`申请${relief}`);
  return parts;
}
