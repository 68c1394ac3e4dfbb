import { Type } from 'typebox';
import { DateTime, NullableString, strict } from './fragments.ts';

export const PartnerCallQuery = Type.Object(
  {
    state: Type.Optional(
      Type.Union([Type.Literal('OPEN'), Type.Literal('REFUSED')], {
        description: 'OPEN 未得到答复（默认）；REFUSED 近 7 天被合作方拒绝',
      }),
    ),
  },
  strict,
);
export const PartnerCallRetryBody = Type.Object(
  { callId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: '调用编号' }) },
  strict,
);

const CallLine = Type.Object({
  callId: Type.Integer(),
  partner: Type.String(),
  operation: Type.String(),
  operationLabel: Type.String(),
  subject: Type.String(),
  state: Type.String(),
  attempts: Type.Integer(),
  lastError: NullableString,
  held: Type.Boolean(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export const PartnerCallListSchema = Type.Array(CallLine);
export const PartnerCallRetrySchema = Type.Object({ outcome: Type.String(), call: CallLine });
