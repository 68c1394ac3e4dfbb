import {
  ACTORS,
  APPLICATION_EVENTS,
  APPLICATION_STATES,
  APPLICATION_STEPS,
  type ApplicationDetail,
  type ApplicationListResult,
  type ApplicationView,
  BANK_CODES,
  type BankCallbackResult,
  MATERIALS,
  type ProductCard,
  type ProductListResult,
  REPAYMENT_METHODS,
} from '@loan/domain';
import { Type } from 'typebox';
import { DateTime, NullableDateTime, NullableString, NullableYuan, Yuan } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Result schemas of products and applications, tied to the domain contract below. */

const Bank = Type.Enum([...BANK_CODES]);
const State = Type.Enum([...APPLICATION_STATES]);

const ProductCardSchema = Type.Object({
  bank: Bank,
  bankName: Type.String(),
  productCode: Type.String(),
  productType: NullableString,
  name: Type.String(),
  summary: Type.String(),
  minAmount: Yuan,
  maxAmount: Yuan,
  amountStep: Yuan,
  terms: Type.Array(Type.Integer()),
  annualRate: Type.String({ description: '名义年利率（小数，如 0.168）' }),
  method: Type.Enum([...REPAYMENT_METHODS]),
  serviceFee: Type.Union([
    Type.Object({ kind: Type.Enum(['UPFRONT', 'PER_INSTALMENT']), rate: Type.String() }),
    Type.Null(),
  ]),
  serviceFeeLabel: Type.Optional(Type.String({ description: '服务费率，如 0.20%/月、1.00%（一次性）、无' })),
  annualisedRateMin: Type.String({ description: '年化利率下限（小数，四位）' }),
  annualisedRateMax: Type.String({ description: '年化利率上限（小数，四位）' }),
  materials: Type.Array(Type.Enum([...MATERIALS])),
  flow: Type.Array(Type.Enum([...APPLICATION_STEPS])),
});

export const ProductListResultSchema = Type.Object({ items: Type.Array(ProductCardSchema) });

const ApplicationViewSchema = Type.Object({
  rowId: Type.Integer(),
  bank: Bank,
  bankName: Type.String(),
  productCode: Type.String(),
  productType: NullableString,
  mcOrderNo: NullableString,
  state: State,
  amount: NullableYuan,
  termMonths: Type.Union([Type.Integer(), Type.Null()]),
  purpose: NullableString,
  approvedAmount: NullableYuan,
  decisionReason: NullableString,
  createdAt: DateTime,
  updatedAt: DateTime,
  submittedAt: NullableDateTime,
  decidedAt: NullableDateTime,
  signDeadline: Type.Union([
    Type.String({ description: '最后签署日 YYYY-MM-DD（北京时间，含当日）' }),
    Type.Null(),
  ]),
  bankPath: Type.String(),
  loanId: Type.Union([Type.Integer(), Type.Null()], { description: '放款后生成的贷款编号，未放款为 null' }),
});

const ApplicationStepViewSchema = Type.Object({
  key: Type.Enum([...APPLICATION_STEPS]),
  title: Type.String(),
  description: Type.String(),
  by: Type.Enum(['BORROWER', 'BANK']),
  simulated: Type.Boolean(),
  status: Type.Enum(['DONE', 'CURRENT', 'TODO', 'WAITING']),
  path: NullableString,
});

export const TimelineEntrySchema = Type.Object({
  at: DateTime,
  fromState: Type.Union([State, Type.Null()]),
  toState: State,
  event: Type.Enum([...APPLICATION_EVENTS, 'CREATE']),
  actor: Type.Enum([...ACTORS]),
  actorLabel: Type.String(),
  reason: NullableString,
});

export const ApplicationDetailSchema = Type.Object({
  application: ApplicationViewSchema,
  product: ProductCardSchema,
  steps: Type.Array(ApplicationStepViewSchema),
  timeline: Type.Array(TimelineEntrySchema),
  canSubmit: Type.Boolean(),
  canCancel: Type.Boolean(),
  canSign: Type.Boolean(),
});

export const ApplicationListResultSchema = Type.Object({ items: Type.Array(ApplicationViewSchema) });

export const BankCallbackResultSchema = Type.Object({
  eventId: Type.String(),
  outcome: Type.Enum(['APPLIED', 'IGNORED', 'DUPLICATE']),
});

export type ApplicationResultChecks = CheckAll<
  SameEach<
    [
      [typeof ProductCardSchema, ProductCard],
      [typeof ProductListResultSchema, ProductListResult],
      [typeof ApplicationViewSchema, ApplicationView],
      [typeof ApplicationDetailSchema, ApplicationDetail],
      [typeof ApplicationListResultSchema, ApplicationListResult],
      [typeof BankCallbackResultSchema, BankCallbackResult],
    ]
  >
>;
