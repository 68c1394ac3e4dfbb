import {
  formatAccountNo,
  formatDateTime,
  type ReceivingAccountView,
  RSP,
  SETTLEMENT_CHECK_RULES,
  type SettlementAccountView,
} from '@loan/domain';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import { submitSettlementAccount, verifySettlement } from '../../api/receiving-account';
import { useMessage } from '../../app/feedback';
import { CheckedField } from '../../components/CheckedField';
import { FactGrid } from '../../components/FactList';
import {
  AccountCard,
  corporateAccountProblem,
  depositAmountProblem,
  failureText,
  SETTLEMENT_DISPLAY,
} from './account-parts';

interface AccountValues {
  bankName?: string;
  accountNo?: string;
}

/** 提交结算账户: the corporate account the bank sends the small deposit to. */
function AccountForm({
  companyName,
  onSubmitted,
  onCancel,
}: {
  companyName: string | null;
  onSubmitted: () => void;
  onCancel?: () => void;
}) {
  const [form] = Form.useForm<AccountValues>();
  const message = useMessage();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: (values: AccountValues) =>
      submitSettlementAccount(
        { bankName: (values.bankName ?? '').trim(), accountNo: (values.accountNo ?? '').replace(/\s+/g, '') },
        { silent: true },
      ),
    onSuccess: () => {
      message.success('已提交，银行将向该账户打入一笔小额款项');
      form.resetFields();
      onSubmitted();
    },
    onError: (error) => {
      if (isApiError(error) && error.code === RSP.INVALID_CORPORATE_ACCOUNT)
        form.setFields([{ name: 'accountNo', errors: [error.desc] }]);
      else setProblem(failureText(error));
    },
  });
  return (
    <Form
      form={form}
      layout="vertical"
      aria-label="结算账户"
      onFinish={(v) => {
        setProblem(null);
        submit.mutate(v);
      }}
    >
      <Form.Item label="账户名称" extra="须为认证企业名下的对公账户">
        <Typography.Text>{companyName ?? '请先完成企业认证'}</Typography.Text>
      </Form.Item>
      <Form.Item
        label="开户银行"
        name="bankName"
        htmlFor="settlement-bank"
        rules={[{ required: true, whitespace: true, message: '请输入开户银行' }]}
      >
        <Input id="settlement-bank" placeholder="如 招商银行深圳分行" maxLength={60} />
      </Form.Item>
      <CheckedField label="对公账号" name="accountNo" id="settlement-no" problemOf={corporateAccountProblem}>
        <Input id="settlement-no" inputMode="numeric" placeholder="8-30位数字" maxLength={40} />
      </CheckedField>
      {problem && <Alert className="form-alert" type="error" showIcon title={problem} />}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={submit.isPending}>
          提交并发起小额打款
        </Button>
        {onCancel && <Button onClick={onCancel}>取消</Button>}
      </Space>
    </Form>
  );
}

/** 小额打款验证: the amount the corporate account received, with tries left and the expiry. */
function VerifyForm({
  settlement,
  sandbox,
  onChecked,
}: {
  settlement: SettlementAccountView;
  sandbox: boolean;
  onChecked: () => void;
}) {
  const [form] = Form.useForm<{ amount?: string }>();
  const message = useMessage();
  const verify = useMutation({
    mutationFn: (amount: string) => verifySettlement({ amount }, { silent: true }),
    onSuccess: () => {
      message.success('结算账户验证成功');
      onChecked();
    },
    onError: (error) => {
      form.setFields([{ name: 'amount', errors: [failureText(error)] }]);
      // tries left, a failed or expired check: the server's count is the one shown
      onChecked();
    },
  });
  return (
    <Form
      form={form}
      layout="vertical"
      aria-label="小额打款验证"
      onFinish={(v) => verify.mutate((v.amount ?? '').trim())}
    >
      <Typography.Paragraph>
        银行已向尾号 {settlement.accountNoMasked.slice(-4)} 的对公账户打入一笔 0.01–0.99
        元的款项，请查询入账金额后填写。
        {sandbox && '（沙箱环境：金额以短信发送到您的手机，可在开发环境的消息记录中查看。）'}
      </Typography.Paragraph>
      <CheckedField
        label="打款金额（元）"
        name="amount"
        id="settlement-amount"
        problemOf={depositAmountProblem}
        extra={`还可输入 ${settlement.triesLeft} 次，共 ${SETTLEMENT_CHECK_RULES.maxWrongEntries} 次；请在 ${formatDateTime(settlement.expiresAt)} 前完成验证`}
      >
        <Input
          id="settlement-amount"
          inputMode="decimal"
          placeholder="如 0.37"
          maxLength={6}
          style={{ maxWidth: 200 }}
        />
      </CheckedField>
      <Button type="primary" htmlType="submit" loading={verify.isPending}>
        提交验证
      </Button>
    </Form>
  );
}

/**
 * 结算账户: the borrower's own corporate account for money beyond the repayments, verified by a small deposit.
 * A failed or expired check asks for the account again.
 */
export function SettlementCard({ view, onChanged }: { view: ReceivingAccountView; onChanged: () => void }) {
  const [replacing, setReplacing] = useState(false);
  const settlement = view.settlement;
  const submitted = () => {
    setReplacing(false);
    onChanged();
  };

  const body = (() => {
    if (!settlement && view.current?.state !== 'OPEN') {
      // the bank of the open sub-account sends the small deposit (the server answers 2111 before)
      return (
        <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="settlement-waits">
          收款子账户开立成功后，由开户银行向您的对公账户发起小额打款验证。
        </Typography.Paragraph>
      );
    }
    if (!settlement) return <AccountForm companyName={view.companyName} onSubmitted={submitted} />;
    const summary = (
      <FactGrid
        items={[
          { key: 'bank', label: '开户银行', children: settlement.bankName },
          { key: 'no', label: '对公账号', children: formatAccountNo(settlement.accountNoMasked) },
          { key: 'name', label: '账户名称', children: settlement.accountName },
          ...(settlement.verifiedAt
            ? [{ key: 'at', label: '验证时间', children: formatDateTime(settlement.verifiedAt) }]
            : []),
        ]}
      />
    );
    if (replacing)
      return (
        <AccountForm
          companyName={view.companyName}
          onSubmitted={submitted}
          onCancel={() => setReplacing(false)}
        />
      );
    if (settlement.state === 'PENDING')
      return (
        <Flex vertical gap={12}>
          {summary}
          <VerifyForm settlement={settlement} sandbox={view.sandbox} onChecked={onChanged} />
        </Flex>
      );
    if (settlement.state === 'VERIFIED')
      return (
        <Flex vertical gap={12}>
          {summary}
          <div>
            <Button onClick={() => setReplacing(true)}>更换结算账户</Button>
          </div>
        </Flex>
      );
    return (
      <Flex vertical gap={12}>
        {summary}
        <Alert
          type="error"
          showIcon
          title={
            settlement.state === 'FAILED'
              ? '打款金额错误次数过多，本次验证失败'
              : '小额打款验证已超过7天未完成，已过期'
          }
          description="请重新提交结算账户，银行将重新打款。"
        />
        <AccountForm companyName={view.companyName} onSubmitted={submitted} />
      </Flex>
    );
  })();

  return (
    <AccountCard
      title="结算账户"
      state={settlement && SETTLEMENT_DISPLAY[settlement.state]}
      intro={`您名下的对公账户，用于接收还款以外的资金。通过小额打款验证：银行打入 0.01–0.99 元，您填写收到的金额；错误 ${SETTLEMENT_CHECK_RULES.maxWrongEntries} 次或超过 ${SETTLEMENT_CHECK_RULES.lifeDays} 天需重新提交。`}
    >
      {body}
    </AccountCard>
  );
}
