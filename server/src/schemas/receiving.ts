import {
  type AccountLock,
  BANK_CODES,
  type EligibleBank,
  type OpenSubAccountRequest,
  PAID_METHODS,
  PAYOUT_POINTINGS,
  type PaidMethodRequest,
  type PayoutView,
  type ReceivingAccountView,
  SETTLEMENT_CHECK_STATES,
  type SettlementAccountRequest,
  type SettlementAccountView,
  SUB_ACCOUNT_STATES,
  type SubAccountCallbackBody,
  type SubAccountView,
  type VerifySettlementRequest,
} from '@loan/domain';
import { Type } from 'typebox';
import { NullableDateTime, NullableString, strict } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** The receiving account (/lock/*) on the wire, tied to the domain contract (contracts-account.ts). */

const Bank = Type.Enum([...BANK_CODES], { description: '合作机构代码：YNIT | CGB | FUIOU | SHRB | CRBANK' });

export const OpenSubAccountBody = Type.Object({ bankCode: Bank }, strict);

export const SettlementAccountBody = Type.Object(
  {
    bankName: Type.String({ minLength: 2, maxLength: 40, description: '开户银行名称，如 招商银行深圳分行' }),
    accountNo: Type.String({ minLength: 1, maxLength: 40, description: '对公账号，8-30 位数字' }),
  },
  strict,
);

export const VerifySettlementBody = Type.Object(
  { amount: Type.String({ minLength: 1, maxLength: 10, description: '入账金额（元），如 0.37' }) },
  strict,
);

export const PaidMethodBody = Type.Object(
  {
    paidMethod: Type.Enum([...PAID_METHODS], {
      description: 'STORE_PAYOUT 回款自动扣款；ACTIVE_REPAY 主动还款',
    }),
  },
  strict,
);

export const SubAccountCallbackBodySchema = Type.Object(
  {
    eventId: Type.String({ minLength: 1, maxLength: 128 }),
    requestRef: Type.String({ minLength: 1, maxLength: 128 }),
    outcome: Type.Enum(['OPENED', 'FAILED']),
    accountNo: Type.Optional(Type.String({ maxLength: 40 })),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  strict,
);

export const SubAccountViewSchema = Type.Object({
  id: Type.Integer(),
  bankCode: Bank,
  bankName: Type.String(),
  state: Type.Enum([...SUB_ACCOUNT_STATES]),
  accountNo: NullableString,
  accountNoMasked: NullableString,
  companyName: Type.String(),
  requestedAt: Type.String({ format: 'date-time' }),
  openedAt: NullableDateTime,
  closedAt: NullableDateTime,
  failReason: NullableString,
});

const SettlementAccountViewSchema = Type.Object({
  state: Type.Enum([...SETTLEMENT_CHECK_STATES]),
  bankName: Type.String(),
  accountName: Type.String(),
  accountNoMasked: Type.String(),
  triesLeft: Type.Integer({ minimum: 0 }),
  expiresAt: NullableDateTime,
  verifiedAt: NullableDateTime,
});

export const PayoutViewSchema = Type.Object({
  state: Type.Enum([...PAYOUT_POINTINGS]),
  checkedAt: NullableDateTime,
  destinationMasked: NullableString,
  note: NullableString,
});

const EligibleBankSchema = Type.Object({
  bankCode: Bank,
  bankName: Type.String(),
  why: Type.String(),
  required: Type.Boolean(),
});

const AccountLockSchema = Type.Object({
  locked: Type.Boolean(),
  reasons: Type.Array(Type.String()),
  until: NullableString,
  untilText: Type.String(),
});

export const ReceivingAccountViewSchema = Type.Object({
  companyName: NullableString,
  usccMasked: NullableString,
  eligibleBanks: Type.Array(EligibleBankSchema),
  current: Type.Union([SubAccountViewSchema, Type.Null()]),
  history: Type.Array(SubAccountViewSchema),
  settlement: Type.Union([SettlementAccountViewSchema, Type.Null()]),
  payout: PayoutViewSchema,
  paidMethod: Type.Union([Type.Enum([...PAID_METHODS]), Type.Null()]),
  lock: AccountLockSchema,
  sandbox: Type.Boolean(),
});

export type ReceivingContractChecks = CheckAll<
  SameEach<
    [
      [typeof OpenSubAccountBody, OpenSubAccountRequest],
      [typeof SettlementAccountBody, SettlementAccountRequest],
      [typeof VerifySettlementBody, VerifySettlementRequest],
      [typeof PaidMethodBody, PaidMethodRequest],
      [typeof SubAccountCallbackBodySchema, SubAccountCallbackBody],
      [typeof SubAccountViewSchema, SubAccountView],
      [typeof SettlementAccountViewSchema, SettlementAccountView],
      [typeof PayoutViewSchema, PayoutView],
      [typeof EligibleBankSchema, EligibleBank],
      [typeof AccountLockSchema, AccountLock],
      [typeof ReceivingAccountViewSchema, ReceivingAccountView],
    ]
  >
>;
