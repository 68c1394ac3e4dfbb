import {
  type AccountOverview,
  type ChangeContactRequest,
  type ChangeContactResult,
  PAYOUT_POINTINGS,
  type SecurityView,
  type SendContactCodeRequest,
  type SignOutOthersResult,
  STORE_AUTH_STATUSES,
  SUB_ACCOUNT_STATES,
} from '@loan/domain';
import { Type } from 'typebox';
import { CipherTextField, CodeField } from './fields.ts';
import { DateText, DateTime, NullableDateTime, NullableString, strict, Yuan } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Request and result schemas of My account (/account/*), tied to the domain contract below. */

const SubAccountStateSchema = Type.Enum([...SUB_ACCOUNT_STATES], {
  description: 'OPENING 开立中 | OPEN 已开立 | FAILED 开立失败 | CLOSED 已变更',
});
const PayoutPointingSchema = Type.Enum([...PAYOUT_POINTINGS], {
  description: 'POINTED 已指向 | NOT_POINTED 未指向 | CHECKING 核实中 | DIVERTED 异常',
});
const ContactChannelSchema = Type.Enum(['sms', 'email'], { description: 'sms 手机号 | email 邮箱' });
// the phone or e-mail is checked by the service so the borrower gets the exact Chinese reason (1103 / 2203)
const ContactTarget = Type.String({ maxLength: 254, description: '新的手机号（11 位）或邮箱' });

export const SendContactCodeBody = Type.Object(
  { channel: ContactChannelSchema, target: ContactTarget },
  strict,
);

export const ChangeContactBody = Type.Object(
  { channel: ContactChannelSchema, target: ContactTarget, code: CodeField, password: CipherTextField },
  strict,
);

const OwedInstalmentSchema = Type.Object({
  loanId: Type.Integer(),
  rowId: Type.Union([Type.Integer(), Type.Null()]),
  productName: Type.String(),
  bankName: Type.String(),
  seq: Type.Integer(),
  dueDate: DateText,
  amount: Yuan,
  penalty: Yuan,
  overdueDays: Type.Integer({ minimum: 0, description: '逾期天数（北京时间自然日），未逾期为 0' }),
});

export const AccountOverviewSchema = Type.Object({
  owed: Type.Object({
    nextDueDate: Type.Union([DateText, Type.Null()]),
    nextDueAmount: Yuan,
    nextDueItems: Type.Array(OwedInstalmentSchema),
    outstandingPrincipal: Yuan,
    overdueAmount: Yuan,
    overduePenalty: Yuan,
    overdueDays: Type.Integer({ minimum: 0, description: '最早一期逾期的天数，无逾期为 0' }),
    overdueItems: Type.Array(OwedInstalmentSchema),
    feesDue: Yuan,
    feesDueCount: Type.Integer(),
    loansOutstanding: Type.Integer(),
  }),
  profile: Type.Object({
    loginId: Type.String(),
    userNameCn: Type.String(),
    phoneMasked: NullableString,
    emailMasked: NullableString,
    companyName: NullableString,
    certificationLabel: Type.String({ description: '未认证 | 已认证 | 部分认证' }),
    storeStatus: Type.Enum([...STORE_AUTH_STATUSES]),
    storeStatusLabel: Type.String(),
    storeExpiresAt: NullableDateTime,
    receiving: Type.Object({
      state: Type.Union([SubAccountStateSchema, Type.Null()]),
      label: Type.String(),
      bankName: NullableString,
      accountNoMasked: NullableString,
      payout: PayoutPointingSchema,
      payoutLabel: Type.String(),
    }),
  }),
  couponsCount: Type.Integer(),
});

export const SecurityViewSchema = Type.Object({
  pwdTime: NullableDateTime,
  pwdAgeDays: Type.Union([Type.Integer(), Type.Null()]),
  pwdNudge: Type.Boolean(),
  signIns: Type.Array(
    Type.Object({
      at: DateTime,
      ip: NullableString,
      device: Type.String(),
      method: Type.Enum(['PASSWORD', 'SMS', 'PARTNER_LINK'], {
        description: 'PASSWORD 密码 | SMS 短信验证码 | PARTNER_LINK 合作方免密登录',
      }),
      methodLabel: Type.String(),
      current: Type.Boolean({ description: '是否为本次请求所用的会话（当前设备）' }),
    }),
  ),
  otherSessions: Type.Integer(),
});

export const SignOutOthersResultSchema = Type.Object({ revoked: Type.Integer() });

export const ChangeContactResultSchema = Type.Object({
  phoneMasked: NullableString,
  emailMasked: NullableString,
});

export type AccountSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof SendContactCodeBody, SendContactCodeRequest],
      [typeof ChangeContactBody, ChangeContactRequest],
      [typeof AccountOverviewSchema, AccountOverview],
      [typeof SecurityViewSchema, SecurityView],
      [typeof SignOutOthersResultSchema, SignOutOthersResult],
      [typeof ChangeContactResultSchema, ChangeContactResult],
    ]
  >
>;
