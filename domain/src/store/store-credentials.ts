/**
 * Shapes of the store credentials a seller enters to authorise the store (POST /seller/againMwsToken).
 * The server checks them before asking the marketplace (1001 with these texts); the web form uses the same
 * rules so the seller sees the same words next to the field.
 */

/** Seller ID (marketplace merchant token): "A" and 9–13 more upper-case letters or digits. */
export const SELLER_ID_PATTERN = /^A[0-9A-Z]{9,13}$/;

/** The store's authorisation token (店铺授权令牌): "amzn.mws." and a lower-case UUID (8-4-4-4-12 hex digits). */
export const MWS_AUTH_TOKEN_PATTERN =
  /^amzn\.mws\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const STORE_CREDENTIAL_TEXTS = {
  sellerIdRequired: '请输入卖家编号（Seller ID）',
  sellerIdShape: '卖家编号格式不正确，应为以 A 开头的10-14位大写字母或数字',
  tokenRequired: '请输入店铺授权令牌',
  tokenShape:
    '店铺授权令牌格式不正确，应为 amzn.mws. 加 36 位令牌（小写字母、数字和连字符，形如 amzn.mws.1a2b3c4d-…），请从卖家后台完整复制',
  /** where the seller finds them, for the form's help text */
  sellerIdHelp: '登录亚马逊卖家后台（Seller Central）→ 设置 → 账户信息 → 商家记号（Merchant Token）',
  tokenHelp: '卖家后台 → 设置 → 用户权限 → 第三方开发者和应用程序 → 授权开发者后显示的店铺授权令牌',
} as const;

/** Trims and upper-cases a seller id as entered (seller ids are upper case). */
export function normaliseSellerId(value: string): string {
  return value.trim().toUpperCase();
}

/** Why the seller id is not acceptable, or null. */
export function sellerIdProblem(value: string): string | null {
  if (value.length === 0) return STORE_CREDENTIAL_TEXTS.sellerIdRequired;
  return SELLER_ID_PATTERN.test(value) ? null : STORE_CREDENTIAL_TEXTS.sellerIdShape;
}

/** Why the token is not acceptable, or null. The token is compared as entered (trimmed only). */
export function mwsAuthTokenProblem(value: string): string | null {
  if (value.length === 0) return STORE_CREDENTIAL_TEXTS.tokenRequired;
  return MWS_AUTH_TOKEN_PATTERN.test(value) ? null : STORE_CREDENTIAL_TEXTS.tokenShape;
}
