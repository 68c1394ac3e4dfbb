import { OPS_REQUEST_KINDS, type OpsRequestKindCode } from '@loan/domain';
import { Tag } from 'antd';

/** A refund's decision already asked, waiting for a second operator: 待复核：<the request's kind>（<maker>）. */
export function PendingTag({ pending }: { pending: { kind: OpsRequestKindCode; makerName: string } }) {
  return (
    <Tag color="processing">
      待复核：{OPS_REQUEST_KINDS[pending.kind].label}（{pending.makerName}）
    </Tag>
  );
}
