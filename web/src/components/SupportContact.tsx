import { type SupportContact, withSupportContact } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { clientConfigQueryOptions } from '../api/client-config';
import { SupportLinksLine } from './FooterLine';

/** How to reach customer service, as the server is configured (SUPPORT_PHONE, SUPPORT_EMAIL, SUPPORT_HOURS). */
export function useSupportContact(): SupportContact | null {
  const { data } = useQuery(clientConfigQueryOptions());
  return data?.support ?? null;
}

/** Gives a text that says 联系客服 the number and hours (texts of the page, or of the server's answers). */
export function useSupportText(): (text: string) => string {
  const support = useSupportContact();
  return (text) => (support ? withSupportContact(text, support) : text);
}

/** A text that may say 联系客服, with the way to do it. */
export function SupportText({ text }: { text: string }) {
  return <>{useSupportText()(text)}</>;
}

/** 客服电话 and 客服邮箱 as links (and the hours), in one line: the footer and /about. */
export function SupportLinks({ separator = ' · ' }: { separator?: string }) {
  const support = useSupportContact();
  if (!support) return null;
  return <SupportLinksLine support={support} separator={separator} />;
}
