import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { accountKeys, accountOverviewQueryOptions, accountSecurityQueryOptions } from '../../api/account';
import { couponsQueryOptions } from '../../api/fees';
import { getUserInfo } from '../../api/user-info';
import { LoadError } from '../../components/LoadError';
import { PagePlaceholder, usePageCallsSettled } from '../../components/PagePlaceholder';
import { couponsCountValue } from '../../session/coupons-count';
import { saveCouponsCount, saveUserInfo } from '../../session/session';
import { useSession } from '../../session/useSession';
import { AccountOverdueBanner } from './AccountOverdueBanner';
import { CouponList } from './CouponList';
import { OwedCard } from './OwedCard';
import { ProfileCard } from './ProfileCard';
import { SecurityCard } from './SecurityCard';
import { StatementsCard } from './StatementsCard';

/**
 * /account/myAccount: what the borrower owes, who they are, their coupons, their sign-ins, and other pages. The
 * cards appear together once the page's three calls have answered (one placeholder before, kept as long as every
 * loading mask is), so no card moves when the one above it fills in.
 */
export default function MyAccountPage() {
  const overview = useQuery(accountOverviewQueryOptions());
  const calls = [overview, useQuery(couponsQueryOptions()), useQuery(accountSecurityQueryOptions())];
  const shown = usePageCallsSettled(calls);
  const coupons = couponsCountValue(useSession().couponsCount);
  const queryClient = useQueryClient();
  const couponsCount = overview.data?.couponsCount;
  useEffect(() => {
    if (couponsCount !== undefined) saveCouponsCount(couponsCount);
  }, [couponsCount]);

  const contactChanged = () => {
    void queryClient.invalidateQueries({ queryKey: accountKeys.overview });
    getUserInfo({ silent: true })
      .then(saveUserInfo)
      .catch(() => undefined);
  };

  const placeholder = <PagePlaceholder />;
  if (!shown) return placeholder;
  return (
    <Flex vertical gap={16}>
      {overview.isPending ? (
        placeholder
      ) : overview.isError ? (
        <LoadError query={overview} failed={'账户概览加载失败'} />
      ) : (
        <>
          <AccountOverdueBanner owed={overview.data.owed} />
          <OwedCard owed={overview.data.owed} />
          <ProfileCard profile={overview.data.profile} onChanged={contactChanged} />
        </>
      )}
      <Card
        variant="borderless"
        title="我的优惠券"
        extra={
          coupons === null ? undefined : <Typography.Text type="secondary">{coupons} 张可用</Typography.Text>
        }
      >
        <CouponList />
      </Card>
      <StatementsCard />
      <SecurityCard />
      <Card variant="borderless" title="更多服务">
        <Flex gap={24} wrap>
          <Link to="/account/reset">修改密码</Link>
          <Link to="/account/refund">申请退款</Link>
          <Link to="/service/serviceDetail">服务费</Link>
          <Link to="/record/loanRecord">贷款记录</Link>
        </Flex>
      </Card>
    </Flex>
  );
}
