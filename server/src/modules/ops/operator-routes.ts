import { OPS_API } from '@loan/domain';
import type { AppContext } from '../../context.ts';
import type { App } from '../../http.ts';
import { opsRoutes } from '../../plugins/ops-routes.ts';
import { requestMeta } from '../../plugins/session.ts';
import {
  OperatorCreateBody,
  OperatorCreatedSchema,
  OperatorDisabledBody,
  OperatorDisabledSchema,
  OperatorLoginBody,
  OperatorRefSchema,
  OperatorRolesBody,
  SessionEndBody,
  SessionEndedSchema,
  SessionListSchema,
} from '../../schemas/ops-operators.ts';
import { RequestMadeSchema } from '../../schemas/ops-requests.ts';
import {
  askRoleChange,
  endSession,
  openSessions,
  resetOperatorTotp,
  setOperatorDisabled,
} from './operator-admin.ts';
import { addOperator, resendInvitation } from './operator-invitations.ts';

const TAGS = ['运营后台：运营人员'];

/** Administrators' work on operators: create, roles (maker-checker), stop or allow, reset the authenticator, sessions. */
export function opsOperatorRoutes(app: App, ctx: AppContext): void {
  const ops = opsRoutes(app, ctx, TAGS);
  ops.post(
    OPS_API.operatorCreate,
    {
      summary: '创建运营人员（无角色；初始密码以邮件发给本人，创建者看不到）',
      description:
        '初始密码 72 小时内有效，只能用于首次登录：本人须先设置自己的密码再绑定验证器。角色须另行申请并由另一位管理员复核。',
      permission: 'operator.manage',
      body: OperatorCreateBody,
      result: OperatorCreatedSchema,
    },
    (request, operator) => addOperator(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.operatorSetRoles,
    {
      summary: '申请变更运营人员的角色（由另一位管理员复核后生效）',
      permission: 'operator.manage',
      body: OperatorRolesBody,
      result: RequestMadeSchema,
    },
    (request, operator) => askRoleChange(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.operatorSetDisabled,
    {
      summary: '停用或启用运营人员（停用时立即结束其会话）',
      permission: 'operator.manage',
      body: OperatorDisabledBody,
      result: OperatorDisabledSchema,
    },
    (request, operator) => setOperatorDisabled(ctx, operator, request.body, requestMeta(request)),
  );
  ops.post(
    OPS_API.operatorResetTotp,
    {
      summary: '重置验证器（下次登录重新绑定，立即结束其会话）',
      permission: 'operator.manage',
      body: OperatorLoginBody,
      result: OperatorRefSchema,
    },
    (request, operator) => resetOperatorTotp(ctx, operator, request.body.loginId, requestMeta(request)),
  );
  ops.post(
    OPS_API.operatorResendInvitation,
    {
      summary: '重新发送邀请（尚未设置自己密码的运营人员；旧的初始密码随即失效）',
      permission: 'operator.manage',
      body: OperatorLoginBody,
      result: OperatorCreatedSchema,
    },
    (request, operator) => resendInvitation(ctx, operator, request.body.loginId, requestMeta(request)),
  );
  ops.get(
    OPS_API.sessions,
    { summary: '在线的运营后台会话', permission: 'operator.manage', result: SessionListSchema },
    (_request, operator) => openSessions(ctx, operator),
  );
  ops.post(
    OPS_API.sessionEnd,
    {
      summary: '结束一个运营后台会话',
      permission: 'operator.manage',
      body: SessionEndBody,
      result: SessionEndedSchema,
    },
    (request, operator) => endSession(ctx, operator, request.body.ref, requestMeta(request)),
  );
}
