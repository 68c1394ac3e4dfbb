import type { TimelineEntry } from '../api/contracts-applications.ts';
import { ACTOR_LABELS, APPLICATION_EVENT_LABELS, APPLICATION_STATE_DISPLAY } from './application-labels.ts';
import type { ApplicationEvent, ApplicationState } from './application-types.ts';

/** The events whose text says why the application was refused or ended early: it is a 原因. */
const REASON_EVENTS: readonly ApplicationEvent[] = ['REJECT', 'WITHDRAW', 'CANCEL_IN_ADVANCE', 'EXPIRE'];

/** One line of an application's history as the borrower reads it. */
export interface TimelineLine {
  /** who acted: 借款人, 华润银行, 系统 … */
  readonly actor: string;
  /** what they did: 提交申请, 审批通过, 取消申请 … */
  readonly action: string;
  /** the state it led to, or null when its name would only repeat the action (审批通过 → 审批通过) */
  readonly state: ApplicationState | null;
  /** "原因：…" for a refusal or an early end, "说明：…" for any other event's text (an acceptance), else null */
  readonly note: string | null;
}

export function timelineLine(entry: TimelineEntry): TimelineLine {
  const action = entry.event === 'CREATE' ? '创建申请' : APPLICATION_EVENT_LABELS[entry.event];
  const text = entry.reason?.trim() ?? '';
  const noteLabel = entry.event !== 'CREATE' && REASON_EVENTS.includes(entry.event) ? '原因' : '说明';
  return {
    actor: entry.actorLabel || ACTOR_LABELS[entry.actor],
    action,
    state: APPLICATION_STATE_DISPLAY[entry.toState].label === action ? null : entry.toState,
    note: text ? `${noteLabel}：${text}` : null,
  };
}
