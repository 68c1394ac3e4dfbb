import { type BankCode, PARTNER_BANKS } from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { receivingAccountKeys, receivingAccountQueryOptions } from '../../api/receiving-account';
import { userKeys } from '../../api/users';
import { useIsPhone } from '../../app/useIsPhone';
import { LoadError } from '../../components/LoadError';
import { AccountHistory, LockBanner } from './AccountHistory';
import { returnPathOf } from './account-parts';
import { PaidMethodCard } from './PaidMethodCard';
import { PayoutCard } from './PayoutCard';
import { SettlementCard } from './SettlementCard';
import { SubAccountCard } from './SubAccountCard';

const bankOf = (value: string | null): BankCode | null =>
  value && Object.hasOwn(PARTNER_BANKS, value) ? (value as BankCode) : null;

/**
 * /lock/toApplyAccountPage: the receiving account. The collection sub-account at a partner bank (opened through
 * the bank, the full number shown only here), the settlement account's small-deposit check, where the store's
 * payouts go, the repayment method, and the lock while money is owed. A bank application's step links here
 * (?bank=&from=) and the page links back to it.
 */
export default function ReceivingAccountPage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const phone = useIsPhone();
  const account = useQuery(receivingAccountQueryOptions());
  const back = returnPathOf(params.get('from'));
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: receivingAccountKeys.account });
    // getUserInfo's paidMethod, openBank and subAccNo come from here
    void queryClient.invalidateQueries({ queryKey: userKeys.info });
  };

  const backLink = back && (
    <Alert
      type="info"
      showIcon
      title="开立收款子账户并将店铺回款指向该账户后，返回借款申请继续下一步"
      action={
        <Link to={back}>
          <Button size="small" type="primary">
            返回借款申请
          </Button>
        </Link>
      }
    />
  );

  if (account.isPending)
    return (
      <Flex vertical gap={16}>
        {backLink}
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </Flex>
    );
  if (account.isError)
    return (
      <Card variant="borderless">
        <LoadError query={account} failed={'收款账户加载失败'} />
      </Card>
    );

  const view = account.data;
  return (
    <Flex vertical gap={16} data-testid="receiving-account">
      {backLink}
      <LockBanner lock={view.lock} hasAccount={view.current?.state === 'OPEN'} />
      <SubAccountCard view={view} preset={bankOf(params.get('bank'))} onChanged={changed} />
      <PayoutCard view={view} onChanged={changed} />
      <SettlementCard view={view} onChanged={changed} />
      <PaidMethodCard view={view} onChanged={changed} />
      <AccountHistory history={view.history} phone={phone} />
    </Flex>
  );
}
