import type { CouponView } from '@loan/domain';
import { COUPON_KIND_LABELS, COUPON_SCOPE_LABELS, formatDateTime } from '@loan/domain';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { SERVICE_FEES_PATH } from '../../app/paths';
import { COUPON_STATUS_DISPLAY, couponFace } from '../../components/payments/pay-labels';
import { EnumTag } from '../../components/records/RecordParts';

/** One coupon as a ticket: the face value on the left, the rule, validity and status on the right. */
export function CouponCard({ coupon }: { coupon: CouponView }) {
  const navigate = useNavigate();
  const usable = coupon.status === 'AVAILABLE';
  return (
    <Card
      size="small"
      className={`coupon-card${usable ? '' : ' coupon-card-muted'}`}
      styles={{ body: { padding: 0 } }}
      aria-label={coupon.title}
      role="article"
    >
      <Flex>
        <Flex vertical align="center" justify="center" className="coupon-face">
          <span className="coupon-face-value">{couponFace(coupon)}</span>
          <span className="coupon-face-kind">{COUPON_KIND_LABELS[coupon.kind]}</span>
        </Flex>
        <Flex vertical gap={4} style={{ padding: 12, minWidth: 0, flex: 1 }}>
          <Flex justify="space-between" align="start" gap={8}>
            <Typography.Text strong>{coupon.title}</Typography.Text>
            <EnumTag display={COUPON_STATUS_DISPLAY[coupon.status]} />
          </Flex>
          <Typography.Text>{coupon.rule}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {COUPON_SCOPE_LABELS[coupon.scope]}
          </Typography.Text>
          <Flex align="center" gap={8} wrap>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              有效期至 {formatDateTime(coupon.validUntil)}
            </Typography.Text>
            {coupon.expiringSoon && <Tag color="volcano">即将过期</Tag>}
          </Flex>
          {usable && (
            <Flex justify="flex-end">
              <Button size="small" type="primary" ghost onClick={() => navigate(SERVICE_FEES_PATH)}>
                去使用
              </Button>
            </Flex>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
