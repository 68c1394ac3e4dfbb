import type { StatementListQuery, StatementPage, StatementPdfQuery } from '@loan/domain';
import { Type } from 'typebox';
import { DateTime, NullableString, NullableYuan, PageQuery, strict, Yuan } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Request and result schemas of the monthly statements, tied to the domain contract below. */

export const StatementListQuerystring = Type.Object({ ...PageQuery }, strict);

export const StatementPdfQuerystring = Type.Object(
  { id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: '对账单编号（列表中的 id）' }) },
  strict,
);

const StatementSummarySchema = Type.Object({
  id: Type.Integer(),
  month: Type.String({ description: '账单月份 YYYY-MM（北京时间）' }),
  opening: Yuan,
  disbursed: Yuan,
  repaidPrincipal: Yuan,
  repaidInterest: Yuan,
  repaidPenalty: Yuan,
  repaidFee: Yuan,
  feesPaid: Yuan,
  feesRefunded: Yuan,
  couponsUsed: Yuan,
  closing: Yuan,
  nextDueDate: NullableString,
  nextDueAmount: NullableYuan,
  docNo: Type.String(),
  createdAt: DateTime,
});

export const StatementPageSchema = Type.Object({
  items: Type.Array(StatementSummarySchema),
  nextCursor: NullableString,
});

export type StatementSchemaChecks = CheckAll<
  SameEach<
    [
      [typeof StatementListQuerystring, StatementListQuery],
      [typeof StatementPdfQuerystring, StatementPdfQuery],
      [typeof StatementPageSchema, StatementPage],
    ]
  >
>;
