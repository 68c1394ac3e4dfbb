import {
  OPS_REQUEST_KINDS,
  OPS_REQUEST_STATES,
  type OpsRequestKindCode,
  type OpsRequestState,
} from '@loan/domain';
import { Type } from 'typebox';
import { DateTime, NullableDateTime, NullableString, strict, Yuan } from './fragments.ts';

const RequestId = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: '审批申请编号' });
const Reason = Type.String({ minLength: 1, maxLength: 200, description: '原因（1–200 字）' });

export const RefundDecideBody = Type.Object(
  {
    refundNo: Type.String({ minLength: 1, maxLength: 32, description: '退款单号' }),
    decision: Type.Union([Type.Literal('APPROVE'), Type.Literal('REJECT')], {
      description: 'APPROVE 同意；REJECT 拒绝',
    }),
    reason: Type.Optional(Type.String({ maxLength: 200, description: '拒绝原因（拒绝时必填）或审核意见' })),
  },
  strict,
);
export const RequestIdBody = Type.Object({ requestId: RequestId }, strict);
export const DeclineBody = Type.Object({ requestId: RequestId, reason: Reason }, strict);

export const KindSchema = Type.Unsafe<OpsRequestKindCode>(
  Type.Union(Object.keys(OPS_REQUEST_KINDS).map((kind) => Type.Literal(kind))),
);
const StateSchema = Type.Unsafe<OpsRequestState>(Type.Union(OPS_REQUEST_STATES.map((s) => Type.Literal(s))));

export const RefundQueueSchema = Type.Array(
  Type.Object({
    refundNo: Type.String(),
    amount: Yuan,
    paid: Yuan,
    reason: Type.String(),
    createdAt: DateTime,
    loginId: Type.String(),
    outTradeNo: Type.String(),
    hasEvidence: Type.Boolean(),
    pending: Type.Union([
      Type.Object({ requestId: Type.Integer(), kind: KindSchema, makerName: Type.String() }),
      Type.Null(),
    ]),
  }),
);
export const RequestMadeSchema = Type.Object({ requestId: Type.Integer(), state: StateSchema });

export const RequestLineSchema = Type.Object({
  requestId: Type.Integer(),
  kind: KindSchema,
  kindLabel: Type.String(),
  summary: Type.String({ description: '申请内容（中文一句，金额以元计）' }),
  subject: Type.String(),
  payload: Type.Record(Type.String(), Type.Unknown()),
  state: StateSchema,
  makerName: Type.String(),
  makerLoginId: Type.String(),
  checkerName: NullableString,
  checkReason: NullableString,
  createdAt: DateTime,
  expiresAt: DateTime,
  decidedAt: NullableDateTime,
});
export const RequestListSchema = Type.Array(RequestLineSchema);
