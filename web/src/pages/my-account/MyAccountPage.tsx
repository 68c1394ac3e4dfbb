import { Card, Descriptions, Flex, Statistic, Typography } from 'antd';
import { Link } from 'react-router';
import { couponsCountValue } from '../../session/coupons-count';
import { useSession } from '../../session/useSession';
import { CouponList } from './CouponList';

/** /account/myAccount: who the borrower is, their coupons, and the account's other pages. */
export default function MyAccountPage() {
  const session = useSession();
  const count = couponsCountValue(session.couponsCount);
  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" title="账户概览">
        <Flex justify="space-between" gap={24} wrap>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            style={{ flex: '1 1 320px' }}
            items={[
              { key: 'name', label: '姓名', children: session.loginName || '—' },
              { key: 'loginId', label: '登录账号', children: session.loginId || '—' },
              { key: 'email', label: '邮箱', children: session.email || '—' },
            ]}
          />
          <Statistic title="可用优惠券" value={count ?? '—'} suffix={count === null ? undefined : '张'} />
        </Flex>
        <Flex gap={16} wrap style={{ marginTop: 12 }}>
          <Link to="/account/reset">修改密码</Link>
          <Link to="/service/serviceDetail">服务费</Link>
          <Link to="/account/refund">申请退款</Link>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          收款账户与账户状态功能正在建设中，暂未开放，敬请期待。
        </Typography.Paragraph>
      </Card>
      <Card variant="borderless" title="我的优惠券">
        <CouponList />
      </Card>
    </Flex>
  );
}
