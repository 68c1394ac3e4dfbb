import {
  type LoanContractInstalment,
  type LoanContractKeyFacts,
  type LoanContractParties,
  type LoanContractView,
  MAX_ROW_ID,
  REPAYMENT_METHODS,
  type SignContractRequest,
} from '@loan/domain';
import { Type } from 'typebox';
import { DateText, strict, Yuan } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Request and result schemas of the loan contract (借款合同), tied to the domain contract below. */

const Rate = Type.String({ description: '利率（小数，"0.0864" 即 8.64%）' });

export const LoanContractQuerystring = Type.Object(
  { rowId: Type.String({ maxLength: 64, description: '申请编号（rowId）' }) },
  strict,
);

export const SignContractBody = Type.Object(
  {
    rowId: Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description: '申请编号（rowId）' }),
    textHash: Type.String({ maxLength: 128, description: '所阅读的合同正文 body 的 SHA-256（十六进制）' }),
    readToken: Type.String({ maxLength: 200, description: '获取借款合同时返回的阅读凭证' }),
  },
  strict,
);

const Payment = Type.Object({ dueDate: DateText, amount: Yuan });

const LoanContractKeyFactsSchema = Type.Object({
  amount: Yuan,
  termMonths: Type.Integer(),
  method: Type.Enum([...REPAYMENT_METHODS]),
  methodLabel: Type.String(),
  annualRate: Rate,
  annualisedRate: Type.String({
    description: '本笔借款的年化利率（利息与服务费的内部收益率×12，小数 4 位）',
  }),
  totalInterest: Yuan,
  totalFees: Yuan,
  totalRepay: Yuan,
  firstPayment: Payment,
  lastPayment: Payment,
});

const LoanContractInstalmentSchema = Type.Object({
  period: Type.Integer(),
  dueDate: DateText,
  principal: Yuan,
  interest: Yuan,
  fee: Yuan,
  payment: Yuan,
  remaining: Yuan,
});

const LoanContractPartiesSchema = Type.Object({
  borrowerCompany: Type.String(),
  uscc: Type.String(),
  legalRepresentative: Type.String(),
  bankName: Type.String(),
  platform: Type.String(),
});

export const LoanContractViewSchema = Type.Object({
  rowId: Type.Integer(),
  contractNo: Type.String(),
  version: Type.String({ description: '合同模板版本（如 LC-2）' }),
  title: Type.String(),
  parties: LoanContractPartiesSchema,
  keyFacts: LoanContractKeyFactsSchema,
  assumedStartDate: DateText,
  schedule: Type.Array(LoanContractInstalmentSchema),
  serviceFeeLabel: Type.String(),
  upfrontFee: Yuan,
  penaltyText: Type.String(),
  receivingAccount: Type.Union([
    Type.Object({ bankName: Type.String(), accountMasked: Type.String() }),
    Type.Null(),
  ]),
  signDeadline: DateText,
  expired: Type.Boolean(),
  body: Type.String({ description: '合同全文；textHash 为其 SHA-256' }),
  textHash: Type.String(),
  minReadSeconds: Type.Integer({ description: '至少阅读秒数（已签署时为 0）' }),
  readToken: Type.String({ description: '阅读凭证；已签署或已过签署期时为空字符串' }),
  signed: Type.Union([
    Type.Object({ signedAt: Type.String({ format: 'date-time' }), textHash: Type.String() }),
    Type.Null(),
  ]),
});

export type ContractSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof SignContractBody, SignContractRequest],
      [typeof LoanContractKeyFactsSchema, LoanContractKeyFacts],
      [typeof LoanContractInstalmentSchema, LoanContractInstalment],
      [typeof LoanContractPartiesSchema, LoanContractParties],
      [typeof LoanContractViewSchema, LoanContractView],
    ]
  >
>;
