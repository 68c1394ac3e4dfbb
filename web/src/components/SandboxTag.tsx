import { useQuery } from '@tanstack/react-query';
import { clientConfigQueryOptions } from '../api/client-config';

/**
 * "沙箱环境" when the server runs its sandbox adapters (docs/ARCHITECTURE.md §5: labelled as such in the page footer).
 * A plain element drawn as antd's orange tag (styles/content.css .sandbox-tag) with the browser's own tooltip: the
 * answer that shows it arrives while the sign-in page is starting, and drawing antd's Tooltip and Tag then (their
 * first render, with their style tokens) was one more long task on a slow phone.
 */
export function SandboxTag() {
  const { data } = useQuery(clientConfigQueryOptions());
  if (!data?.sandbox) return null;
  return (
    <span className="sandbox-tag" title="合作银行、短信、邮件、支付等外部服务均为模拟实现，不产生真实交易">
      沙箱环境
    </span>
  );
}
