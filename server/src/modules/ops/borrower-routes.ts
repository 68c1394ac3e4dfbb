import { OPS_API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { opsRoutes } from '../../plugins/ops-routes.ts';
import { requestMeta } from '../../plugins/session.ts';
import {
  BorrowerAccessBody,
  BorrowerActivitySchema,
  BorrowerDetailQuery,
  BorrowerDisabledSchema,
  BorrowerProfileSchema,
  BorrowerRevealBody,
  BorrowerSearchQuery,
  BorrowerSearchResultSchema,
  BorrowerUnlockBody,
  RevealResultSchema,
  UnlockResultSchema,
} from '../../schemas/ops-borrowers.ts';
import { CouponIssueBody, CouponIssuedSchema } from '../../schemas/ops-coupons.ts';
import { RequestMadeSchema } from '../../schemas/ops-requests.ts';
import { askEnableBorrower, disableBorrower } from './borrower-access.ts';
import { borrowerActivity } from './borrower-activity.ts';
import { borrowerProfile, revealBorrowerField, unlockBorrower } from './borrower-profile.ts';
import { searchBorrowers } from './borrower-search.ts';
import { issueFromConsole } from './coupon-issue.ts';

const TAGS = ['运营后台：借款人'];

/** Support's borrower pages: search, the one-page view (masked), a field revealed for a reason, unlocking. */
export function opsBorrowerRoutes(app: App, ctx: AppContext): void {
  const ops = opsRoutes(app, ctx, TAGS);
  ops.get(
    OPS_API.borrowerSearch,
    {
      summary: '查找借款人（登录账号、手机号、邮箱、统一社会信用代码、企业名称）',
      permission: 'borrower.read',
      querystring: BorrowerSearchQuery,
      result: BorrowerSearchResultSchema,
    },
    (request, operator) => searchBorrowers(ctx, operator, request.query.q),
  );
  ops.get(
    OPS_API.borrowerDetail,
    {
      summary: '借款人全貌（个人信息已脱敏）',
      permission: 'borrower.read',
      querystring: BorrowerDetailQuery,
      result: BorrowerProfileSchema,
    },
    (request, operator) => borrowerProfile(ctx, operator, request.query.loginId),
  );
  ops.post(
    OPS_API.borrowerReveal,
    {
      summary: '查看完整信息（须说明原因，记入审计日志）',
      permission: 'borrower.reveal-pii',
      body: BorrowerRevealBody,
      result: RevealResultSchema,
    },
    (request, operator) => revealBorrowerField(ctx, operator, request.body, requestMeta(request)),
  );
  ops.get(
    OPS_API.borrowerActivity,
    {
      summary: '借款人 360：申请进度、还款计划、服务费、付款、收款账户与登录记录',
      description: '与借款人自己页面上的数字同源（同一视图函数）；收款账号脱敏。',
      permission: 'borrower.read',
      querystring: BorrowerDetailQuery,
      result: BorrowerActivitySchema,
    },
    (request, operator) => borrowerActivity(ctx, operator, request.query.loginId),
  );
  ops.post(
    OPS_API.borrowerDisable,
    {
      summary: '停用借款人（立即生效，其会话全部结束）',
      permission: 'borrower.enable',
      body: BorrowerAccessBody,
      result: BorrowerDisabledSchema,
    },
    (request, operator) => disableBorrower(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.borrowerEnable,
    {
      summary: '申请启用借款人（由另一位有该权限的同事复核后生效）',
      permission: 'borrower.enable',
      body: BorrowerAccessBody,
      result: RequestMadeSchema,
    },
    (request, operator) => askEnableBorrower(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.couponIssue,
    {
      summary: '发放优惠券（一位借款人立即发放；多位须复核）',
      permission: 'coupon.issue',
      body: CouponIssueBody,
      result: CouponIssuedSchema,
    },
    (request, operator) => issueFromConsole(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.borrowerUnlock,
    {
      summary: '解除借款人的登录锁定',
      permission: 'borrower.unlock',
      body: BorrowerUnlockBody,
      result: UnlockResultSchema,
    },
    (request, operator) => unlockBorrower(ctx, operator, request.body.loginId, requestMeta(request)),
  );
}
