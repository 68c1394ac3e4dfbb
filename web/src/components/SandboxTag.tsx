import { useQuery } from '@tanstack/react-query';
import { Tag, Tooltip } from 'antd';
import { clientConfigQueryOptions } from '../api/client-config';

/** "沙箱环境" when the server runs its sandbox adapters (docs/ARCHITECTURE.md §5: labelled as such in the page footer). */
export function SandboxTag() {
  const { data } = useQuery(clientConfigQueryOptions());
  if (!data?.sandbox) return null;
  return (
    <Tooltip title="合作银行、短信、邮件、支付等外部服务均为模拟实现，不产生真实交易">
      <Tag color="orange" style={{ marginInlineStart: 8 }}>
        沙箱环境
      </Tag>
    </Tooltip>
  );
}
