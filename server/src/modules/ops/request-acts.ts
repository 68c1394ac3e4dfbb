import type { OpsRequestKindCode } from '@loan/domain';
import { applyEnableBorrower } from './borrower-access.ts';
import { applyCouponIssueMany } from './coupon-template-issue.ts';
import { WAIVER_ACTS } from './fee-waivers.ts';
import { applyRoleChange } from './operator-admin.ts';
import { REFUND_ACTS } from './refund-decisions.ts';
import { REFUND_FAILURE_ACTS } from './refund-failures.ts';
import type { RequestAct } from './requests.ts';

/** What a confirmed request does, per kind: the console's confirm and the shell's `request confirm` use this one table. */
export const ACTS: Readonly<Record<OpsRequestKindCode, RequestAct>> = {
  ...REFUND_ACTS,
  ...REFUND_FAILURE_ACTS,
  ...WAIVER_ACTS,
  'operator.roles': applyRoleChange,
  'borrower.enable': applyEnableBorrower,
  'coupon.issue-many': applyCouponIssueMany,
};
