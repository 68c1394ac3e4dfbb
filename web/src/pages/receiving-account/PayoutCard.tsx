import type { ReceivingAccountView } from '@loan/domain';
import { formatAccountNo, formatDateTime } from '@loan/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Space, Steps, Typography } from 'antd';
import { useDeveloperRoutes } from '../../api/client-config';
import { recheckPayout, sandboxPointPayouts } from '../../api/receiving-account';
import { useMessage } from '../../app/feedback';
import { FactGrid } from '../../components/FactList';
import { EnumTag } from '../../components/records/RecordParts';
import { SupportText } from '../../components/SupportContact';
import { useSession } from '../../session/useSession';
import { CardError, PAYOUT_DISPLAY } from './account-parts';

/** Seller Central, step by step: the deposit method of every marketplace pointed to the sub-account. */
function instructions(view: ReceivingAccountView) {
  const account = view.current?.state === 'OPEN' ? view.current : null;
  const target = account
    ? `开户机构「${account.bankName}」、账号「${formatAccountNo(account.accountNo ?? account.accountNoMasked)}」、账户名称「${account.companyName}」`
    : '本页的收款子账户信息（开立成功后显示）';
  return [
    { title: '登录卖家平台', content: '使用店铺主账号登录亚马逊卖家平台（Seller Central）。' },
    {
      title: '打开存款方式',
      content: '进入“设置 → 账户信息 → 存款方式”，点击“添加存款方式”或“替换存款方式”。',
    },
    { title: '填写收款子账户', content: `填写${target}，保存后按提示完成身份验证。` },
    { title: '分配到各站点', content: '在“分配存款方式”中将每个站点的回款都指向该账户并保存。' },
    { title: '回到本页核实', content: '点击“重新核实”，平台确认后状态变为“已指向”。' },
  ];
}

/**
 * 店铺回款指向: where the marketplace says the store's payouts go (已指向 / 未指向 / 核实中 / 异常), how to point
 * them in Seller Central, 重新核实, and in the development sandbox a shortcut that does what the seller would do there.
 */
export function PayoutCard({ view, onChanged }: { view: ReceivingAccountView; onChanged: () => void }) {
  const message = useMessage();
  const { loginId } = useSession();
  const { payout } = view;
  // the shortcut calls a developer route: a production server running the sandboxes has none
  const developerRoutes = useDeveloperRoutes();
  const open = view.current?.state === 'OPEN';
  const recheck = useMutation({
    mutationFn: () => recheckPayout({ silent: true }),
    onSuccess: () => {
      message.success('已重新核实店铺回款指向');
      onChanged();
    },
  });
  const simulate = useMutation({
    // the sandbox points the payouts and checks them as 重新核实 does
    mutationFn: () => sandboxPointPayouts(loginId ?? '', 'SUB_ACCOUNT', { silent: true }),
    onSuccess: () => {
      message.success('已模拟在卖家后台完成指向');
      onChanged();
    },
  });

  return (
    <Card
      variant="borderless"
      title="店铺回款指向"
      extra={<EnumTag display={PAYOUT_DISPLAY[payout.state]} />}
      data-testid="payout-card"
    >
      {payout.state === 'DIVERTED' && (
        <Alert
          className="form-alert"
          type="error"
          showIcon
          title="店铺回款未指向收款子账户"
          description="您有未结清的贷款，回款须持续进入收款子账户。请按下方步骤重新指向，否则到期还款可能扣收失败并计入逾期。"
        />
      )}
      {payout.note && payout.state !== 'DIVERTED' && (
        <Alert
          className="form-alert"
          type={payout.state === 'POINTED' ? 'info' : 'warning'}
          showIcon
          title={<SupportText text={payout.note} />}
        />
      )}
      {payout.note && payout.state === 'DIVERTED' && (
        <Typography.Paragraph type="danger">
          <SupportText text={payout.note} />
        </Typography.Paragraph>
      )}
      <FactGrid
        style={{ marginBottom: 16 }}
        items={[
          { key: 'state', label: '当前状态', children: <EnumTag display={PAYOUT_DISPLAY[payout.state]} /> },
          { key: 'to', label: '平台记录的回款账户', children: payout.destinationMasked ?? '—' },
          { key: 'at', label: '最近核实', children: formatDateTime(payout.checkedAt) },
        ]}
      />
      {payout.state !== 'POINTED' && (
        <Steps
          orientation="vertical"
          size="small"
          current={-1}
          style={{ marginBottom: 16 }}
          items={instructions(view).map((s) => ({ title: s.title, content: s.content, status: 'wait' }))}
        />
      )}
      <CardError error={recheck.error ?? simulate.error} />
      <Flex wrap gap={8}>
        <Button
          type={payout.state === 'POINTED' ? 'default' : 'primary'}
          disabled={!open}
          loading={recheck.isPending}
          onClick={() => recheck.mutate()}
        >
          重新核实
        </Button>
        {view.sandbox && developerRoutes && (
          <Space wrap>
            <Button
              disabled={!open || !loginId}
              loading={simulate.isPending}
              onClick={() => simulate.mutate()}
            >
              模拟在卖家后台完成指向
            </Button>
            <Typography.Text type="secondary">（沙箱）</Typography.Text>
          </Space>
        )}
      </Flex>
      {!open && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          收款子账户开立成功后即可指向并核实。
        </Typography.Paragraph>
      )}
    </Card>
  );
}
