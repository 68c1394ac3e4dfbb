import type { BankCode, ReceivingAccountView, SubAccountView } from '@loan/domain';
import { formatAccountNo, formatDateTime } from '@loan/domain';
import { useMutation } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Empty,
  Flex,
  Form,
  Modal,
  Radio,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { openSubAccount } from '../../api/receiving-account';
import { useMessage } from '../../app/feedback';
import { LOAN_INFO_PATH } from '../../app/paths';
import { FactGrid } from '../../components/FactList';
import { AccountCard, failureText, SUB_ACCOUNT_DISPLAY } from './account-parts';

/** 申请开立: a partner bank the borrower is applying to or borrowing from, for the certified company. */
function OpenForm({
  view,
  preset,
  replacing,
  onOpened,
  onCancel,
}: {
  view: ReceivingAccountView;
  preset: BankCode | null;
  replacing: boolean;
  onOpened: () => void;
  onCancel?: () => void;
}) {
  const message = useMessage();
  const banks = view.eligibleBanks;
  const initial = banks.find((b) => b.bankCode === preset) ?? (banks.length === 1 ? banks[0] : undefined);
  const [bank, setBank] = useState<BankCode | undefined>(initial?.bankCode);
  const open = useMutation({
    mutationFn: (bankCode: BankCode) => openSubAccount({ bankCode }, { silent: true }),
    onSuccess: () => {
      message.success('已提交开立申请，等待银行返回结果');
      onOpened();
    },
  });

  if (!view.companyName)
    return (
      <Alert
        type="warning"
        showIcon
        title="开立收款子账户需要先完成企业认证"
        description="子账户以认证企业的名义开立，企业名称和统一社会信用代码取自企业认证。"
        action={<Link to={LOAN_INFO_PATH}>去认证</Link>}
      />
    );
  if (banks.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="收款子账户开立在您正在申请或借款的合作机构。请先在贷款信息页选择产品发起申请。"
      >
        <Link to={LOAN_INFO_PATH}>
          <Button type="primary">去申请贷款</Button>
        </Link>
      </Empty>
    );

  return (
    <Form layout="vertical" aria-label="开立收款子账户" onFinish={() => bank && open.mutate(bank)}>
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'company', label: '开户企业', children: view.companyName },
          { key: 'uscc', label: '统一社会信用代码', children: view.usccMasked ?? '—' },
        ]}
      />
      <Form.Item
        label="开户机构"
        required
        validateStatus={open.error ? 'error' : undefined}
        help={open.error ? failureText(open.error) : undefined}
      >
        <Radio.Group
          value={bank}
          onChange={(e) => {
            setBank(e.target.value as BankCode);
            open.reset();
          }}
        >
          <Space orientation="vertical">
            {banks.map((b) => (
              <Radio key={b.bankCode} value={b.bankCode}>
                {b.bankName} <Tag>{b.why}</Tag>
                {b.required && <Tag color="blue">该机构要求开立</Tag>}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      {replacing && (
        <Alert
          className="form-alert"
          type="info"
          showIcon
          title="新账户开立成功后，原账户将变更为历史账户，店铺回款需重新指向新账户"
        />
      )}
      <Space wrap>
        <Button type="primary" htmlType="submit" disabled={!bank} loading={open.isPending}>
          {replacing ? '申请开立新账户' : '申请开立'}
        </Button>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
      </Space>
    </Form>
  );
}

function OpenAccount({ account }: { account: SubAccountView }) {
  return (
    <FactGrid
      items={[
        { key: 'bank', label: '开户机构', children: account.bankName },
        {
          key: 'no',
          label: '收款账号',
          children: (
            <Typography.Text
              strong
              data-testid="sub-account-no"
              copyable={account.accountNo ? { text: account.accountNo, tooltips: ['复制', '已复制'] } : false}
              style={{ wordBreak: 'break-all' }}
            >
              {formatAccountNo(account.accountNo ?? account.accountNoMasked)}
            </Typography.Text>
          ),
        },
        { key: 'name', label: '账户名称', children: account.companyName },
        { key: 'openedAt', label: '开立时间', children: formatDateTime(account.openedAt) },
      ]}
    />
  );
}

/**
 * 收款子账户: the account in use (the full number, copyable, only here), the bank's answer while it is opening,
 * the reason when it failed with a new try, and a change — refused with the lock's reasons while money is owed.
 */
export function SubAccountCard({
  view,
  preset,
  onChanged,
}: {
  view: ReceivingAccountView;
  preset: BankCode | null;
  onChanged: () => void;
}) {
  const [modal, modalHolder] = Modal.useModal();
  const [changing, setChanging] = useState(false);
  const current = view.current;

  const change = () => {
    // locked only by approved applications (no loan owed), the server may move the account to their bank: it decides
    if (!view.lock.locked || view.lock.until === null) {
      setChanging(true);
      return;
    }
    modal.warning({
      title: '收款账户已锁定，暂不能变更',
      content: (
        <Flex vertical gap={4}>
          {view.lock.reasons.map((r) => (
            <Typography.Text key={r}>{r}</Typography.Text>
          ))}
          <Typography.Text type="secondary">{view.lock.untilText}</Typography.Text>
        </Flex>
      ),
      okText: '知道了',
    });
  };
  const opened = () => {
    setChanging(false);
    onChanged();
  };

  const body = (() => {
    if (!current) return <OpenForm view={view} preset={preset} replacing={false} onOpened={opened} />;
    if (current.state === 'OPENING')
      return (
        <Alert
          type="info"
          showIcon
          icon={<Spin size="small" />}
          title={`${current.bankName}正在开立收款子账户`}
          description={`申请时间 ${formatDateTime(current.requestedAt)}。银行返回结果后本页自动更新，无需重复提交。`}
        />
      );
    if (current.state === 'FAILED')
      return (
        <Flex vertical gap={16}>
          <Alert
            type="error"
            showIcon
            title={`${current.bankName}未能开立收款子账户`}
            description={`原因：${current.failReason ?? '银行未说明原因'}。请核对后重新申请。`}
          />
          <OpenForm view={view} preset={current.bankCode} replacing={false} onOpened={opened} />
        </Flex>
      );
    return (
      <Flex vertical gap={16}>
        <OpenAccount account={current} />
        {changing ? (
          <OpenForm
            view={view}
            preset={preset}
            replacing
            onOpened={opened}
            onCancel={() => setChanging(false)}
          />
        ) : (
          <div>
            <Button onClick={change}>变更收款账户</Button>
          </div>
        )}
      </Flex>
    );
  })();

  return (
    <AccountCard
      title="收款子账户"
      state={current && SUB_ACCOUNT_DISPLAY[current.state]}
      intro="在合作机构开立的收款子账户，店铺回款指向该账户后，每期还款从回款中扣收。完整账号仅在本页向您展示。"
    >
      {body}
      {modalHolder}
    </AccountCard>
  );
}
