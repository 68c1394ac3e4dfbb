import type { StateDisplay } from '../loan/application-labels.ts';
import type { RefundActor, RefundEvent, RefundSource, RefundState } from './refund-types.ts';

/** How each refund state is shown: a Chinese label on a tag of this colour, and a hint for the borrower. */
export const REFUND_STATE_DISPLAY: Readonly<Record<RefundState, StateDisplay>> = {
  SUBMITTED: { label: '已提交', colour: 'blue', hint: '退款申请已提交，等待审核；审核前可撤销' },
  APPROVED: { label: '已同意', colour: 'cyan', hint: '退款申请已同意，即将原路退回' },
  REFUNDING: { label: '退款中', colour: 'processing', hint: '退款已提交支付渠道，到账后将通知您' },
  REFUNDED: { label: '已退款', colour: 'success', hint: '款项已原路退回，请留意支付账户' },
  REJECTED: { label: '已拒绝', colour: 'error', hint: '退款申请未通过审核，原因见下方' },
  CANCELLED: { label: '已撤销', colour: 'default', hint: '退款申请已在审核前撤销' },
  FAILED: {
    label: '退款失败',
    colour: 'warning',
    hint: '支付渠道未能退回款项，原因见下方；系统将自动重新发起退款，多次失败后由工作人员处理，无需重新申请',
  },
  CLOSED: { label: '已关闭', colour: 'default', hint: '退款失败后已由工作人员关闭，款项未退回，原因见下方' },
};

/** Each event as the action a person would name ("无法撤销申请"), and the first entry of a timeline. */
export const REFUND_EVENT_LABELS: Readonly<Record<RefundEvent | 'CREATE', string>> = {
  CREATE: '提交申请',
  APPROVE: '审核同意',
  REJECT: '审核拒绝',
  CANCEL: '撤销申请',
  START_REFUND: '发起退款',
  CONFIRM: '退款到账',
  FAIL: '退款失败',
  RETRY: '重新退款',
  CLOSE: '关闭退款',
};

export const REFUND_ACTOR_LABELS: Readonly<Record<RefundActor, string>> = {
  BORROWER: '借款人',
  OPERATOR: '运营人员',
  SYSTEM: '系统',
  GATEWAY: '支付渠道',
};

export const REFUND_SOURCE_LABELS: Readonly<Record<RefundSource, string>> = {
  BORROWER: '借款人申请',
  AUTO: '系统自动退款',
};
