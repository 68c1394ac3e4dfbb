import { formatDateTime } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  type BorrowerCoupon,
  borrowerCouponsQuery,
  couponActs,
  templateOptionsQuery,
} from '../../api/coupons';
import { empty } from '../../app/empty';
import { useAct } from '../../app/useAct';
import { ReasonModal } from '../refunds/ReasonModal';

const STATUS_COLOURS: Record<string, string> = {
  AVAILABLE: 'green',
  LOCKED: 'orange',
  USED: 'blue',
  EXPIRED: 'default',
  REVOKED: 'red',
};
const SOURCE_LABELS: Record<string, string> = {
  OPERATOR: '运营发放',
  WELCOME: '新客礼券',
  DEMO: '演示',
  RULE: '认证通过自动发放',
};

/**
 * A borrower's coupons in the drawer: each with its status as the borrower sees it; 作废 beside an unused one
 * (`coupon.manage`, for a reason, audited); 按模板发放 one more (`coupon.issue`).
 */
export function BorrowerCoupons({
  loginId,
  canRevoke,
  canIssue,
}: {
  loginId: string;
  canRevoke: boolean;
  canIssue: boolean;
}) {
  const list = useQuery(borrowerCouponsQuery(loginId));
  const act = useAct();
  const [revoking, setRevoking] = useState<BorrowerCoupon | null>(null);
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          优惠券
        </Typography.Title>
        {canIssue && <IssueFromTemplate loginId={loginId} />}
      </Space>
      {list.isError && <Alert type="error" showIcon title={(list.error as Error).message} />}
      <Table<BorrowerCoupon>
        rowKey="couponId"
        size="small"
        loading={list.isPending}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 760 }}
        dataSource={list.data ?? []}
        locale={{ emptyText: empty('没有优惠券') }}
        columns={[
          { title: '名称', dataIndex: 'title', width: 150 },
          { title: '规则', dataIndex: 'rule', width: 170 },
          {
            title: '状态',
            key: 'status',
            width: 150,
            render: (_: unknown, c) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATUS_COLOURS[c.status] ?? 'default'}>{c.statusLabel}</Tag>
                {c.discount && <Typography.Text type="secondary">抵扣 {c.discount} 元</Typography.Text>}
                {c.revokedAt && (
                  <Typography.Text type="secondary">
                    {c.revokedBy} 于 {formatDateTime(c.revokedAt)}：{c.revokeReason}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          { title: '有效期', dataIndex: 'validityText', width: 200 },
          {
            title: '来源',
            key: 'source',
            width: 140,
            render: (_: unknown, c) => c.templateName ?? SOURCE_LABELS[c.source] ?? c.source,
          },
          {
            title: '操作',
            key: 'act',
            width: 80,
            fixed: 'right',
            render: (_: unknown, c) =>
              canRevoke && c.status === 'AVAILABLE' ? (
                <Button size="small" danger onClick={() => setRevoking(c)}>
                  作废
                </Button>
              ) : null,
          },
        ]}
      />
      <ReasonModal
        title={`作废「${revoking?.title ?? ''}」（借款人将不能再使用）`}
        label="作废原因（记入审计日志）"
        okText="作废"
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        submit={async (reason) => {
          if (!revoking) return;
          await couponActs.revoke(revoking.couponId, reason);
          await act(async () => {}, '已作废');
        }}
      />
    </>
  );
}

/** 按模板发放 to this borrower: a template of those one may issue now, issued at once. */
function IssueFromTemplate({ loginId }: { loginId: string }) {
  const options = useQuery(templateOptionsQuery());
  const act = useAct();
  const [chosen, setChosen] = useState<number | null>(null);
  return (
    <Space size={4} wrap>
      <Select<number>
        aria-label="优惠券模板"
        placeholder="选择模板"
        style={{ width: 200, maxWidth: '100%' }}
        loading={options.isPending}
        value={chosen ?? undefined}
        onChange={setChosen}
        options={(options.data ?? []).map((o) => ({ value: o.templateId, label: `${o.name}（${o.rule}）` }))}
      />
      <Button
        size="small"
        type="primary"
        disabled={chosen === null}
        onClick={async () => {
          if (chosen === null) return;
          if (await act(() => couponActs.issue(chosen, [loginId]), '已按模板发放')) setChosen(null);
        }}
      >
        按模板发放
      </Button>
    </Space>
  );
}
