import { RSP } from '../api/rsp-codes.ts';
import { refusal, stateMachine, type Transition } from '../state-machine.ts';
import type { Permission } from './permissions.ts';

/**
 * Maker-checker: a money or sensitive act in the console is first a request (the maker's), done only when a second
 * operator with the checker permission confirms it. Every legal move is one row here; anything else is refused.
 */
export const OPS_REQUEST_STATES = ['PENDING', 'CONFIRMED', 'DECLINED', 'WITHDRAWN', 'EXPIRED'] as const;
export type OpsRequestState = (typeof OPS_REQUEST_STATES)[number];
export const OPS_REQUEST_EVENTS = ['CONFIRM', 'DECLINE', 'WITHDRAW', 'EXPIRE'] as const;
export type OpsRequestEvent = (typeof OPS_REQUEST_EVENTS)[number];
export const OPS_REQUEST_ACTORS = ['MAKER', 'CHECKER', 'SYSTEM'] as const;
export type OpsRequestActor = (typeof OPS_REQUEST_ACTORS)[number];

export const OPS_REQUEST_TRANSITIONS: readonly Transition<
  OpsRequestState,
  OpsRequestEvent,
  OpsRequestActor
>[] = [
  { from: 'PENDING', event: 'CONFIRM', to: 'CONFIRMED', actor: 'CHECKER' },
  { from: 'PENDING', event: 'DECLINE', to: 'DECLINED', actor: 'CHECKER' },
  { from: 'PENDING', event: 'WITHDRAW', to: 'WITHDRAWN', actor: 'MAKER' },
  { from: 'PENDING', event: 'EXPIRE', to: 'EXPIRED', actor: 'SYSTEM' },
];

export const OPS_REQUEST_STATE_DISPLAY: Readonly<Record<OpsRequestState, { label: string; colour: string }>> =
  {
    PENDING: { label: '待复核', colour: 'processing' },
    CONFIRMED: { label: '已复核通过', colour: 'success' },
    DECLINED: { label: '已驳回', colour: 'error' },
    WITHDRAWN: { label: '已撤回', colour: 'default' },
    EXPIRED: { label: '已过期', colour: 'default' },
  };

const EVENT_LABELS: Readonly<Record<OpsRequestEvent, string>> = {
  CONFIRM: '复核通过',
  DECLINE: '驳回',
  WITHDRAW: '撤回',
  EXPIRE: '过期',
};

const ACTOR_LABELS: Readonly<Record<OpsRequestActor, string>> = {
  MAKER: '提交人',
  CHECKER: '复核人',
  SYSTEM: '系统',
};

const MACHINE = stateMachine({
  states: OPS_REQUEST_STATES,
  events: OPS_REQUEST_EVENTS,
  actors: OPS_REQUEST_ACTORS,
  transitions: OPS_REQUEST_TRANSITIONS,
  stateDisplay: OPS_REQUEST_STATE_DISPLAY,
  eventLabels: EVENT_LABELS,
  actorLabels: ACTOR_LABELS,
  unknownReason: '未知的审批状态、操作或操作人',
  actorNotAllowed: RSP.OPS_REQUEST_ACTOR,
  refuseMove: ({ label, action, terminal }) =>
    terminal
      ? refusal(RSP.OPS_REQUEST_CLOSED, `该申请已${label.replace(/^已/, '')}，无法${action}`)
      : refusal(RSP.OPS_REQUEST_STATE, `当前状态为「${label}」，无法${action}`),
});

export const opsRequestTransition = MACHINE.transition;
export const isOpsRequestClosed = MACHINE.isTerminal;

/** What a request asks for: who may make it, who may check it, and how long it waits. */
export interface OpsRequestKind {
  label: string;
  maker: Permission;
  checker: Permission;
  /** a request not checked within this many hours expires */
  expiresHours: number;
}

export const OPS_REQUEST_KINDS = {
  'refund.approve': {
    label: '同意退款',
    maker: 'refund.review',
    checker: 'refund.confirm',
    expiresHours: 24,
  },
  'refund.reject': { label: '拒绝退款', maker: 'refund.review', checker: 'refund.confirm', expiresHours: 24 },
  // a failed refund: sent to the gateway again, or closed with a reason (the money not given back this way)
  'refund.resend': {
    label: '重新发起退款',
    maker: 'refund.review',
    checker: 'refund.confirm',
    expiresHours: 24,
  },
  'refund.close': { label: '关闭退款', maker: 'refund.review', checker: 'refund.confirm', expiresHours: 24 },
  // forgiving money owed is a money decision like a refund: finance (复核退款决定) checks the reviewer's waiver
  'fee.waive': { label: '减免服务费', maker: 'fee.waive', checker: 'refund.confirm', expiresHours: 24 },
  'penalty.waive': { label: '减免罚息', maker: 'fee.waive', checker: 'refund.confirm', expiresHours: 24 },
  'coupon.issue-many': {
    label: '批量发放优惠券',
    maker: 'coupon.issue',
    checker: 'coupon.manage',
    expiresHours: 72,
  },
  'borrower.enable': {
    label: '启用借款人',
    maker: 'borrower.enable',
    checker: 'borrower.enable',
    expiresHours: 72,
  },
  // two administrators: one asks, another confirms (never the same person)
  'operator.roles': {
    label: '变更运营人员角色',
    maker: 'operator.manage',
    checker: 'operator.manage',
    expiresHours: 72,
  },
} as const satisfies Record<string, OpsRequestKind>;

export type OpsRequestKindCode = keyof typeof OPS_REQUEST_KINDS;

export function isOpsRequestKind(value: unknown): value is OpsRequestKindCode {
  return typeof value === 'string' && Object.hasOwn(OPS_REQUEST_KINDS, value);
}

/** The kinds an operator with these permissions may check (confirm or decline). */
export function checkableKinds(permissions: readonly Permission[]): OpsRequestKindCode[] {
  return (Object.keys(OPS_REQUEST_KINDS) as OpsRequestKindCode[]).filter((kind) =>
    permissions.includes(OPS_REQUEST_KINDS[kind].checker),
  );
}
