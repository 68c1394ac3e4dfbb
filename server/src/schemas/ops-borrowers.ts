import { Type } from 'typebox';
import { TimelineEntrySchema } from './application-results.ts';
import { FeeItemViewSchema } from './fees.ts';
import { DateTime, NullableString, NullableYuan, strict, Yuan } from './fragments.ts';
import { InstalmentViewSchema } from './loans.ts';
import { PaymentOrderSchema } from './payments.ts';
import { SubAccountViewSchema } from './receiving.ts';

const LoginId = Type.String({ minLength: 1, maxLength: 32, description: '借款人登录账号' });

export const BorrowerSearchQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: 64,
      description: '登录账号、手机号、邮箱、统一社会信用代码或企业名称',
    }),
  },
  strict,
);
export const BorrowerDetailQuery = Type.Object({ loginId: LoginId }, strict);
export const BorrowerRevealBody = Type.Object(
  {
    loginId: LoginId,
    field: Type.Union(
      [
        Type.Literal('phone'),
        Type.Literal('email'),
        Type.Literal('legalName'),
        Type.Literal('idNumber'),
        Type.Literal('legalPhone'),
      ],
      {
        description: 'phone 手机号；email 邮箱；legalName 法人姓名；idNumber 身份证号；legalPhone 法人手机号',
      },
    ),
    reason: Type.String({ minLength: 1, maxLength: 200, description: '查看原因（记入审计日志）' }),
  },
  strict,
);
export const BorrowerUnlockBody = Type.Object({ loginId: LoginId }, strict);
export const BorrowerAccessBody = Type.Object(
  {
    loginId: LoginId,
    reason: Type.String({ minLength: 1, maxLength: 200, description: '原因（记入审计日志）' }),
  },
  strict,
);
export const BorrowerDisabledSchema = Type.Object({ loginId: Type.String(), disabled: Type.Boolean() });

export const BorrowerSearchResultSchema = Type.Array(
  Type.Object({
    loginId: Type.String(),
    name: Type.String(),
    companyName: NullableString,
    uscc: NullableString,
    disabled: Type.Boolean(),
    locked: Type.Boolean(),
    createdAt: DateTime,
  }),
);

export const BorrowerProfileSchema = Type.Object({
  loginId: Type.String(),
  name: Type.String(),
  phone: NullableString,
  email: NullableString,
  disabled: Type.Boolean(),
  locked: Type.Boolean(),
  passwordChanged: Type.Boolean(),
  createdAt: DateTime,
  certification: Type.Union([
    Type.Object({
      companyName: Type.String(),
      uscc: Type.String(),
      legalName: Type.String(),
      idNumber: Type.String(),
      legalPhone: Type.String(),
    }),
    Type.Null(),
  ]),
  store: Type.Union([
    Type.Object({ sellerId: Type.String(), sellerName: Type.String(), status: Type.String() }),
    Type.Null(),
  ]),
  applications: Type.Array(
    Type.Object({
      rowId: Type.Integer(),
      bankName: Type.String(),
      productCode: Type.String(),
      state: Type.String(),
      amount: NullableYuan,
      createdAt: DateTime,
    }),
  ),
  loans: Type.Array(
    Type.Object({
      loanId: Type.Integer(),
      bankName: Type.String(),
      productCode: Type.String(),
      principal: Yuan,
      outstandingPrincipal: Yuan,
      status: Type.String(),
      disbursedAt: DateTime,
    }),
  ),
  refunds: Type.Array(
    Type.Object({ refundNo: Type.String(), amount: Yuan, status: Type.String(), createdAt: DateTime }),
  ),
  usableCoupons: Type.Integer(),
  audit: Type.Array(
    Type.Object({ at: DateTime, action: Type.String(), summary: Type.String(), ip: NullableString }),
  ),
});
export const RevealResultSchema = Type.Object({ value: NullableString });
export const UnlockResultSchema = Type.Object({ removed: Type.Integer() });

/** The money and history half of the borrower 360, in the borrower's own views (one number on both sides). */
export const BorrowerActivitySchema = Type.Object({
  timelines: Type.Array(Type.Object({ rowId: Type.Integer(), events: Type.Array(TimelineEntrySchema) })),
  schedules: Type.Array(
    Type.Object({
      loanId: Type.Integer(),
      rowId: Type.Integer(),
      instalments: Type.Array(InstalmentViewSchema),
    }),
  ),
  feeItems: Type.Array(FeeItemViewSchema),
  payments: Type.Array(PaymentOrderSchema),
  receivingAccounts: Type.Array(SubAccountViewSchema),
  signIns: Type.Array(
    Type.Object({ at: DateTime, action: Type.String(), ip: NullableString, userAgent: NullableString }),
  ),
});
