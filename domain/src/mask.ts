/** Masking for personal data shown anywhere (docs/PRODUCT.md §11). */

export function maskPhone(phone: string): string {
  const d = phone.replace(/\s/g, '');
  if (d.length < 7) return '*'.repeat(d.length);
  return `${d.slice(0, 3)}${'*'.repeat(d.length - 7)}${d.slice(-4)}`;
}

export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  const name = email.slice(0, at);
  const shown = name.length <= 2 ? name.slice(0, 1) : name.slice(0, 2);
  return `${shown}***${email.slice(at)}`;
}

export function maskIdNumber(id: string): string {
  if (id.length <= 7) return '*'.repeat(id.length);
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;
}

export function maskBankCard(card: string): string {
  const d = card.replace(/\s/g, '');
  if (d.length <= 8) return '*'.repeat(d.length);
  return `${d.slice(0, 4)} **** **** ${d.slice(-4)}`;
}

export function maskName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return '*';
  return `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

/** A legal entity's name ends so; anything else (an 个体工商户's trade name, a person) may be a person's name. */
const ENTITY_NAME = /(公司|集团|企业|合伙|事务所|合作社|中心|研究院|银行|分行|支行)[)）]?$/;

/**
 * The name of a party on a document shown to others: a company's registered name in full (public in the business
 * register), anything that may be a person's name masked like one: 深圳某某科技有限公司 as is, 张三 → 张*.
 */
export function maskPartyName(name: string): string {
  const trimmed = name.trim();
  return ENTITY_NAME.test(trimmed) ? trimmed : maskName(trimmed);
}
