import { OPS_API, shanghaiStamp } from '@loan/domain';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { opsRoutes } from '../../plugins/ops-routes.ts';
import { requestMeta } from '../../plugins/session.ts';
import {
  AuditExportQuery,
  AuditSearchQuery,
  AuditSearchResultSchema,
  OperatorListSchema,
  OpsChallengeBody,
  OpsCodeBody,
  OpsEnrolmentSchema,
  OpsLoginBody,
  OpsLoginResultSchema,
  OpsOperatorSchema,
  OpsPasswordChangeBody,
  OpsRecoveryBody,
  OpsSignedInSchema,
  RoleListSchema,
} from '../../schemas/ops.ts';
import { AUDIT, recordOperatorAudit } from '../audit/record.ts';
import { auditWorkbook } from './audit-export.ts';
import { auditForExport, searchAudit } from './audit-search.ts';
import { listOperators } from './operators.ts';
import {
  opsChangePassword,
  opsEnrolConfirm,
  opsEnrolStart,
  opsPasswordLogin,
  opsRecoveryLogin,
  opsVerifyTotp,
} from './ops-auth.ts';
import { revokeOpsSession } from './ops-sessions.ts';
import { listRoles } from './roles.ts';

const TAGS = ['运营后台'];

export function opsRoutesOf(app: App, ctx: AppContext): void {
  const ops = opsRoutes(app, ctx, TAGS);

  ops.open(
    OPS_API.login,
    {
      summary: '运营人员登录第一步：账号与密码',
      description:
        '账号或密码错误 2001；同一地址 15 分钟内错 5 次锁定 15 分钟 2002；成功后返回 challenge，须再验证动态验证码（或先绑定验证器）。',
      body: OpsLoginBody,
      result: OpsLoginResultSchema,
    },
    (request) => opsPasswordLogin(ctx, request.body, requestMeta(request)),
  );
  ops.open(
    OPS_API.changePassword,
    {
      summary: '首次登录：设置自己的密码（邀请或命令行给出的初始密码须先换掉）',
      description: '未设置前验证器的各步返回 2320；密码规则同借款人：8-64 位，含字母和数字。',
      body: OpsPasswordChangeBody,
      result: OpsLoginResultSchema,
    },
    (request) => opsChangePassword(ctx, request.body, requestMeta(request)),
  );
  ops.open(
    OPS_API.verifyTotp,
    {
      summary: '登录第二步：验证器动态验证码',
      description: '验证码错误或已使用 2302；错 5 次或超过 5 分钟 challenge 失效 2303。',
      body: OpsCodeBody,
      result: OpsSignedInSchema,
    },
    (request) => opsVerifyTotp(ctx, request.body, requestMeta(request)),
  );
  ops.open(
    OPS_API.recoveryLogin,
    { summary: '登录第二步：恢复码（每个只能用一次）', body: OpsRecoveryBody, result: OpsSignedInSchema },
    (request) => opsRecoveryLogin(ctx, request.body, requestMeta(request)),
  );
  ops.open(
    OPS_API.enrolStart,
    { summary: '绑定验证器：获取密钥与二维码', body: OpsChallengeBody, result: OpsEnrolmentSchema },
    (request) => opsEnrolStart(ctx, request.body),
  );
  ops.open(
    OPS_API.enrolConfirm,
    {
      summary: '绑定验证器：输入动态验证码完成绑定（返回一次性的恢复码）',
      body: OpsCodeBody,
      result: OpsSignedInSchema,
    },
    (request) => opsEnrolConfirm(ctx, request.body, requestMeta(request)),
  );

  ops.post(
    OPS_API.logout,
    { summary: '退出运营后台', permission: null, result: Type.Null() },
    async (request, operator) => {
      const now = ctx.now();
      await revokeOpsSession(ctx.db, operator.tokenHash, now);
      await recordOperatorAudit(ctx.db, operator, requestMeta(request), AUDIT.opsLogout, now);
      return null;
    },
  );
  ops.get(
    OPS_API.me,
    { summary: '当前运营人员：角色与权限', permission: null, result: OpsOperatorSchema },
    async (_request, { loginId, name, roles, permissions }) => ({ loginId, name, roles, permissions }),
  );
  ops.get(
    OPS_API.operators,
    { summary: '运营人员列表', permission: 'operator.manage', result: OperatorListSchema },
    () => listOperators(ctx),
  );
  ops.get(
    OPS_API.roles,
    { summary: '角色及其权限', permission: 'operator.manage', result: RoleListSchema },
    () => listRoles(ctx.db),
  );
  ops.file(
    OPS_API.auditExport,
    {
      summary: '导出审计日志（xlsx，最新在前，至多 10000 条）',
      permission: 'audit.read',
      querystring: AuditExportQuery,
    },
    async (request, operator) => {
      const rows = await auditForExport(ctx.db, request.query);
      await recordOperatorAudit(ctx.db, operator, requestMeta(request), AUDIT.opsAuditExported, ctx.now(), {
        filter: request.query,
        rows: rows.length,
      });
      const stamp = shanghaiStamp(ctx.now());
      return {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        fileName: `审计日志-${stamp}.xlsx`,
        asciiName: `audit-${stamp}.xlsx`,
        body: await auditWorkbook(rows),
      };
    },
  );
  ops.get(
    OPS_API.auditSearch,
    {
      summary: '审计日志查询（最新在前）',
      permission: 'audit.read',
      querystring: AuditSearchQuery,
      result: AuditSearchResultSchema,
    },
    (request) => searchAudit(ctx.db, request.query),
  );
}
