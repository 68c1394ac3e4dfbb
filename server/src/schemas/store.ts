import {
  type AgainMwsTokenRequest,
  type MwsTokenCheckResult,
  STORE_AUTH_STATUSES,
  STORE_CREDENTIAL_TEXTS,
  STORE_CREDIT_SHARE_PERCENT,
} from '@loan/domain';
import { Type } from 'typebox';
import { CipherTextField } from './fields.ts';
import { NullableDateTime } from './fragments.ts';
import type { CheckAll, SameEach } from './same.ts';

/** Store authorisation (/seller/…): request and result schemas, tied to the domain contract below. */

const YuanAmount = Type.String({ pattern: '^\\d+\\.\\d{2}$', description: '金额（元，两位小数）' });

export const AgainMwsTokenBody = Type.Object(
  {
    // the precise shape is checked by the service, so the seller gets the exact Chinese reason
    sellerId: Type.String({
      minLength: 1,
      maxLength: 64,
      description: `卖家编号（Seller ID），以 A 开头的10-14位大写字母或数字。${STORE_CREDENTIAL_TEXTS.sellerIdHelp}`,
    }),
    mwsAuthToken: {
      ...CipherTextField,
      description: `店铺授权令牌（amzn.mws. + UUID）的字段加密密文。${STORE_CREDENTIAL_TEXTS.tokenHelp}`,
    },
  },
  { additionalProperties: false },
);

export const MwsTokenCheckResultSchema = Type.Object({
  storeInfo: Type.Union([
    Type.Object({
      sellerId: Type.String({ description: '卖家编号' }),
      sellerName: Type.String({ description: '店铺名称' }),
    }),
    Type.Null(),
  ]),
  shopAuth: Type.Enum([...STORE_AUTH_STATUSES], {
    description: '01 未授权；02 授权中；03 已授权；04 授权已过期/已撤销；05 店铺受限',
  }),
  marketplaceIds: Type.Array(Type.String(), { description: '店铺所在的电商站点' }),
  authorisedAt: NullableDateTime,
  expiresAt: NullableDateTime,
  checkedAt: NullableDateTime,
  annualSales: Type.Union([YuanAmount, Type.Null()], {
    description: '店铺近12个月销售额（元）；未授权（shopAuth 不为 03）时为 null',
  }),
  estimatedLimit: Type.Union([YuanAmount, Type.Null()], {
    description: `预估可借额度（元）：近12个月销售额的${STORE_CREDIT_SHARE_PERCENT}%，最终额度以合作机构审批为准；未授权时为 null`,
  }),
});

export type StoreContractChecks = CheckAll<
  SameEach<
    [
      [typeof AgainMwsTokenBody, AgainMwsTokenRequest],
      [typeof MwsTokenCheckResultSchema, MwsTokenCheckResult],
    ]
  >
>;
