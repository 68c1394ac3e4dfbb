import { Type } from 'typebox';
import { DateTime, NullableDateTime, NullableString, NullableYuan, Yuan } from './fragments.ts';

export const UnappliedListSchema = Type.Array(
  Type.Object({
    outTradeNo: Type.String(),
    loginId: Type.String(),
    amount: Yuan,
    unapplied: Yuan,
    refundNo: NullableString,
    refundStatus: NullableString,
    reason: NullableString,
    updatedAt: DateTime,
  }),
);
export const DivertedListSchema = Type.Array(
  Type.Object({
    loginId: Type.String(),
    destination: NullableString,
    checkedAt: NullableDateTime,
    notifiedAt: NullableDateTime,
  }),
);
export const WaitingListSchema = Type.Array(
  Type.Object({
    rowId: Type.Integer(),
    loginId: Type.String(),
    bankName: Type.String(),
    productCode: Type.String(),
    state: Type.String(),
    amount: NullableYuan,
    submittedAt: NullableDateTime,
    hoursWaiting: Type.Integer(),
  }),
);
export const AccessListSchema = Type.Array(
  Type.Object({ loginId: Type.String(), disabled: Type.Boolean(), lockedUntil: NullableDateTime }),
);
