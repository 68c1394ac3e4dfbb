import type { TagColour } from '../tag-colour.ts';
import type { Actor, ApplicationEvent, ApplicationState } from './application-types.ts';

export interface StateDisplay {
  readonly label: string;
  readonly colour: TagColour;
  /** One sentence for the borrower: what this state means and what happens next. */
  readonly hint: string;
}

/** How each application state is shown: a Chinese label on a tag of this colour, and a hint. */
export const APPLICATION_STATE_DISPLAY: Readonly<Record<ApplicationState, StateDisplay>> = {
  DRAFT: { label: '草稿', colour: 'default', hint: '申请尚未提交，可继续填写后提交' },
  SUBMITTED: { label: '已提交', colour: 'blue', hint: '申请已提交，等待合作机构受理' },
  UNDER_REVIEW: { label: '审核中', colour: 'processing', hint: '合作机构正在审核，结果将及时通知您' },
  APPROVED: { label: '审批通过', colour: 'cyan', hint: '审批已通过，请在有效期内签署借款合同' },
  REJECTED: { label: '已拒绝', colour: 'error', hint: '很遗憾，本次申请未通过审核' },
  SIGNED: { label: '已签约', colour: 'geekblue', hint: '借款合同已签署，等待合作机构放款' },
  DISBURSED: { label: '已放款', colour: 'success', hint: '款项已发放，可在贷款记录中查看还款计划' },
  // the borrower (or staff) ending an application early has one name whether the review had ended or not
  WITHDRAWN: { label: '已取消', colour: 'default', hint: '本次申请已在审核结束前取消' },
  CANCELLED: { label: '已取消', colour: 'default', hint: '本次申请已在放款前取消' },
};

/** Each event as the action a person would name: "无法取消申请", "可进行：签约". */
export const APPLICATION_EVENT_LABELS: Readonly<Record<ApplicationEvent, string>> = {
  SUBMIT: '提交申请',
  START_REVIEW: '开始审核',
  APPROVE: '审批通过',
  REJECT: '审批拒绝',
  SIGN: '签约',
  DISBURSE: '放款',
  // one action, one name: ending an application before disbursement, before or after the decision
  WITHDRAW: '取消申请',
  CANCEL_IN_ADVANCE: '取消申请',
  EXPIRE: '审批过期',
};

export const ACTOR_LABELS: Readonly<Record<Actor, string>> = {
  BORROWER: '借款人',
  BANK: '合作机构',
  SYSTEM: '系统',
  OPERATOR: '运营人员',
};
