import {
  type EarlySettleRequest,
  type EarlySettleResult,
  MAX_ROW_ID,
  PAYMENT_CHANNELS,
  type SettlementQuote,
} from '@loan/domain';
import { Type } from 'typebox';
import { DateText, DateTime, NullableString, strict, Yuan } from './fragments.ts';
import { CreatedOrderSchema } from './payments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Request and result schemas of early settlement (quote, confirmation), tied to the domain contract below. */

export const SettlementQuoteQuerystring = Type.Object(
  { loanId: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: '贷款编号（loanId）' }) },
  strict,
);

export const EarlySettleBody = Type.Object(
  {
    loanId: Type.Integer({ minimum: 1, maximum: MAX_ROW_ID, description: '贷款编号（loanId）' }),
    total: Type.String({ maxLength: 24, description: '确认的结清总额（元），须与最新报价一致' }),
    channel: Type.Enum([...PAYMENT_CHANNELS], { description: '支付渠道' }),
  },
  strict,
);

export const SettlementQuoteSchema = Type.Object({
  loanId: Type.Integer(),
  asOfDate: DateText,
  validUntil: DateTime,
  principal: Yuan,
  interest: Yuan,
  fee: Yuan,
  penalty: Yuan,
  credit: Yuan,
  total: Yuan,
  feeWaived: Yuan,
  feeNote: Type.String({ description: '如：剩余 9 期服务费 3,600.00 元提前结清免收' }),
  creditNote: Type.String({ description: '如：已缴未到期期次的利息 800.00 元从结清金额中抵扣' }),
  openOrder: Type.Union([
    Type.Object({
      outTradeNo: Type.String(),
      amount: Yuan,
      cashierUrl: NullableString,
      expiresAt: DateTime,
    }),
    Type.Null(),
  ]),
});

export const EarlySettleResultSchema = CreatedOrderSchema;

export type SettlementSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof EarlySettleBody, EarlySettleRequest],
      [typeof SettlementQuoteSchema, SettlementQuote],
      [typeof EarlySettleResultSchema, EarlySettleResult],
    ]
  >
>;
