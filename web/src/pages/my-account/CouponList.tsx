import { COUPON_STATUSES, type CouponStatus } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Col, Empty, Row, Segmented, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { couponsQueryOptions } from '../../api/fees';
import { DRAWN_AFTER_PAGE_CALLS } from '../../app/route-data';
import { LoadError } from '../../components/LoadError';
import { COUPON_STATUS_DISPLAY } from '../../components/payments/pay-labels';
import { saveCouponsCount } from '../../session/session';
import { CouponCard } from './CouponCard';

/** The borrower's coupons by status (可用 / 锁定 / 已使用 / 已过期 / 已作废); keeps the session's count up to date. */
export function CouponList() {
  const coupons = useQuery({ ...couponsQueryOptions(), ...DRAWN_AFTER_PAGE_CALLS });
  const [status, setStatus] = useState<CouponStatus>('AVAILABLE');
  const available = coupons.data?.availableCount;
  useEffect(() => {
    if (available !== undefined) saveCouponsCount(available);
  }, [available]);

  if (coupons.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (coupons.isError) return <LoadError query={coupons} failed={'优惠券加载失败'} />;
  const items = coupons.data.items;
  const count = (s: CouponStatus) => items.filter((c) => c.status === s).length;
  const shown = items.filter((c) => c.status === status);
  return (
    <>
      <Segmented<CouponStatus>
        aria-label="优惠券状态"
        value={status}
        onChange={setStatus}
        options={COUPON_STATUSES.map((s) => ({
          value: s,
          label: `${COUPON_STATUS_DISPLAY[s].label} ${count(s)}`,
        }))}
        style={{ marginBottom: 16, maxWidth: '100%', overflowX: 'auto' }}
      />
      {shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={`暂无${COUPON_STATUS_DISPLAY[status].label}的优惠券`}
        />
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((coupon) => (
            <Col key={coupon.couponId} xs={24} md={12} xl={8}>
              <CouponCard coupon={coupon} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
