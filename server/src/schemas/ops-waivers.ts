import { Type } from 'typebox';
import { DateText, DateTime, NullableDateTime, strict, Yuan } from './fragments.ts';
import { BorrowerDetailQuery } from './ops-borrowers.ts';
import { KindSchema } from './ops-requests.ts';

/** The console's waivers (减免服务费/罚息) and failed refunds (退款失败): bodies and results. */

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, description });

export const WaivableQuery = BorrowerDetailQuery;

export const WaiverBody = Type.Object(
  {
    target: Type.Union([Type.Literal('FEE'), Type.Literal('PENALTY')], {
      description: 'FEE 服务费项目（须 feeItemId）；PENALTY 逾期期次的罚息（须 loanId 与 seq）',
    }),
    feeItemId: Type.Optional(Id('服务费项目编号')),
    loanId: Type.Optional(Id('贷款编号')),
    seq: Type.Optional(Type.Integer({ minimum: 0, maximum: 600, description: '期次' })),
    amount: Type.String({ maxLength: 24, description: '减免金额（元，最多两位小数，不超过当前尚欠）' }),
    reason: Type.String({ maxLength: 200, description: '减免原因（1–200 字）' }),
  },
  strict,
);

const Pending = Type.Union([
  Type.Object({ requestId: Type.Integer(), makerName: Type.String() }),
  Type.Null(),
]);

export const WaivableSchema = Type.Object({
  fees: Type.Array(
    Type.Object({
      feeItemId: Type.Integer(),
      loanId: Type.Integer(),
      seq: Type.Integer(),
      kindLabel: Type.String(),
      dueDate: DateText,
      amount: Yuan,
      waived: Yuan,
      owed: Yuan,
      pending: Pending,
    }),
  ),
  penalties: Type.Array(
    Type.Object({
      loanId: Type.Integer(),
      seq: Type.Integer(),
      dueDate: DateText,
      paid: Yuan,
      waived: Yuan,
      owed: Yuan,
      pending: Pending,
    }),
  ),
});

export const FailureDecideBody = Type.Object(
  {
    refundNo: Type.String({ minLength: 1, maxLength: 32, description: '退款单号' }),
    decision: Type.Union([Type.Literal('RESEND'), Type.Literal('CLOSE')], {
      description: 'RESEND 重新发起退款；CLOSE 关闭（须填写原因）',
    }),
    reason: Type.Optional(Type.String({ maxLength: 200, description: '关闭原因（关闭时必填）或说明' })),
  },
  strict,
);

export const FailedRefundsSchema = Type.Array(
  Type.Object({
    refundNo: Type.String(),
    amount: Yuan,
    reason: Type.String(),
    failureReason: Type.String(),
    sends: Type.Integer(),
    nextAttemptAt: NullableDateTime,
    failedAt: DateTime,
    loginId: Type.String(),
    outTradeNo: Type.String(),
    pending: Type.Union([
      Type.Object({ requestId: Type.Integer(), kind: KindSchema, makerName: Type.String() }),
      Type.Null(),
    ]),
  }),
);
