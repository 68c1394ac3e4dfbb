import {
  formatDate,
  STORE_AUTH_STATUS_INFO,
  STORE_CREDIT_SHARE_PERCENT,
  type StoreAuthStatus,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { storeCheckQueryOptions } from '../../api/stores';
import { DRAWN_AFTER_PAGE_CALLS } from '../../app/route-data';
import { useDelayedLoading } from '../../app/useDelayedLoading';
import { yuanText } from '../application/ApplicationParts';
import { SupportText } from '../SupportContact';
import { StoreAuthModal } from './StoreAuthModal';

/** The button of each status: authorise the first time, otherwise re-authorise (none while waiting). */
export function storeAuthButtonText(status: StoreAuthStatus): string | null {
  const { action } = STORE_AUTH_STATUS_INFO[status];
  if (action === 'AUTHORISE') return '授权店铺';
  if (action === 'WAIT') return null;
  return '重新授权';
}

/** The status tag of a store, in the domain's words and colour. */
function StoreStatusTag({ status }: { status: StoreAuthStatus }) {
  const info = STORE_AUTH_STATUS_INFO[status];
  return <Tag color={info.colour}>{info.label}</Tag>;
}

/**
 * The store authorisation card: status, what it means and what to do next, the store and its dates, its sales
 * and estimated limit (while authorised), and the authorise / re-authorise form. Reusable on any signed-in page.
 */
export function StoreAuthCard() {
  const check = useQuery({ ...storeCheckQueryOptions(), ...DRAWN_AFTER_PAGE_CALLS });
  const loading = useDelayedLoading(check.isPending);
  const [open, setOpen] = useState(false);
  const status: StoreAuthStatus = check.data?.shopAuth ?? '01';
  const info = STORE_AUTH_STATUS_INFO[status];
  const buttonText = storeAuthButtonText(status);
  const store = check.data?.storeInfo ?? null;

  return (
    <Card title="店铺授权" extra={check.data && <StoreStatusTag status={status} />}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : check.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂时无法获取店铺授权状态">
          <Button onClick={() => void check.refetch()}>重新加载</Button>
        </Empty>
      ) : (
        <Flex vertical gap={12}>
          <Alert
            type={
              info.canApply ? 'success' : status === '05' ? 'error' : status === '02' ? 'info' : 'warning'
            }
            showIcon
            title={info.explanation}
            description={<SupportText text={info.nextAction} />}
          />
          {store && (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              items={[
                { key: 'sellerId', label: '卖家编号', children: store.sellerId },
                { key: 'sellerName', label: '店铺名称', children: store.sellerName },
                {
                  key: 'authorisedAt',
                  label: '授权日期',
                  children: formatDate(check.data?.authorisedAt),
                },
                { key: 'expiresAt', label: '到期日期', children: formatDate(check.data?.expiresAt) },
                ...(check.data?.annualSales && check.data.estimatedLimit
                  ? [
                      {
                        key: 'annualSales',
                        label: '近12个月销售额',
                        children: yuanText(check.data.annualSales),
                      },
                      {
                        key: 'estimatedLimit',
                        label: '预估可借额度',
                        children: (
                          <Typography.Text strong>{yuanText(check.data.estimatedLimit)}</Typography.Text>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
          {check.data?.estimatedLimit && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="limit-note">
              预估可借额度为近12个月销售额的{STORE_CREDIT_SHARE_PERCENT}
              %，申请时金额不能超过它；最终额度以合作机构审批为准。
            </Typography.Text>
          )}
          <Flex gap={8} wrap>
            {buttonText && (
              <Button type={info.canApply ? 'default' : 'primary'} onClick={() => setOpen(true)}>
                {buttonText}
              </Button>
            )}
            {status === '02' && (
              <Button loading={check.isFetching} onClick={() => void check.refetch()}>
                刷新状态
              </Button>
            )}
          </Flex>
          {check.data?.checkedAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              最近核实：{formatDate(check.data.checkedAt)}
            </Typography.Text>
          )}
        </Flex>
      )}
      <StoreAuthModal open={open} onClose={() => setOpen(false)} sellerId={store?.sellerId} />
    </Card>
  );
}
