import type { BankCode } from '@loan/domain';
import { Alert, Button, Space } from 'antd';
import { Link } from 'react-router';
import { pathWithQuery, RECEIVING_ACCOUNT_PATH } from '../../app/paths';

/** The receiving account page for this bank, with the way back to the application. */
const collectionAccountLink = (bank: BankCode, returnTo: string) =>
  pathWithQuery(RECEIVING_ACCOUNT_PATH, { bank, from: returnTo });

/**
 * 开立收款账户: done on the receiving account page (the bank opens the sub-account, the store's payouts are pointed
 * to it); the step is done once the sub-account at this bank is open, and this page shows it on the way back.
 */
export function CollectionAccountStep({
  bank,
  bankName,
  returnTo,
  onRefresh,
}: {
  bank: BankCode;
  bankName: string;
  returnTo: string;
  onRefresh: () => void;
}) {
  return (
    <Space orientation="vertical">
      <Alert
        type="info"
        showIcon
        title={`${bankName}要求在该机构开立收款子账户，并将店铺回款指向该账户`}
        description="在收款账户页选择该机构申请开立，银行开立成功后回到本页继续。"
      />
      <Space wrap>
        <Link to={collectionAccountLink(bank, returnTo)}>
          <Button type="primary">去开立收款账户</Button>
        </Link>
        <Button onClick={onRefresh}>已开立，刷新</Button>
      </Space>
    </Space>
  );
}
