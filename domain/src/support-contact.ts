import type { SupportContact } from './api/contracts.ts';

/** The words every text uses to send the borrower to customer service. */
export const SUPPORT_MENTION = '联系客服';

/** Customer service in one line: "客服电话 400-820-1234，邮箱 support@example.com（工作日 09:00–18:00）". */
export function supportLine(support: SupportContact): string {
  return `客服电话 ${support.phone}，邮箱 ${support.email}（${support.hours}）`;
}

/**
 * A text that says 联系客服 with the way to do it: "请联系客服" → "请联系客服（客服电话 400-820-1234，
 * 工作日 09:00–18:00）". A text that does not say it, or already gives the number, is returned as it is.
 */
export function withSupportContact(text: string, support: SupportContact): string {
  if (!text.includes(SUPPORT_MENTION) || text.includes(support.phone)) return text;
  return text.replace(SUPPORT_MENTION, `${SUPPORT_MENTION}（客服电话 ${support.phone}，${support.hours}）`);
}
