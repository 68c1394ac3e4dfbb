import type { LoanCertificationView } from '@loan/domain';
import { Button, Flex, Form, Typography } from 'antd';
import { bindBankCard } from '../../api/certification';
import { BankCardFields } from './BankCardFields';
import { CertificationForm, CertificationLoadState } from './CertificationForm';
import { cardText } from './CertificationSummaryView';
import { useCertification, useSaveCertification } from './certification-save';
import { SaveNotes } from './SaveNotes';
import { CertifiedIntro, WholeCertification } from './StepCertificationParts';

interface Values {
  bankCardNo: string;
  bankName?: string;
}

/**
 * The 绑定银行卡 step: only the card number (sent encrypted) and its bank; the rest of the certification stays.
 * Without a certification yet, the full form (which has the card too).
 */
export function BankCardForm({
  needSalesStatement,
  onSaved,
}: {
  needSalesStatement: boolean;
  onSaved?: (view: LoanCertificationView) => void;
}) {
  const query = useCertification();
  if (!query.isSuccess) return <CertificationLoadState query={query} />;
  const existing = query.data?.certification ?? null;
  if (!existing) {
    return <CertificationForm needBankCard needSalesStatement={needSalesStatement} onSaved={onSaved} />;
  }
  return <BankCardEditor existing={existing} needSalesStatement={needSalesStatement} onSaved={onSaved} />;
}

function BankCardEditor({
  existing,
  needSalesStatement,
  onSaved,
}: {
  existing: LoanCertificationView;
  needSalesStatement: boolean;
  onSaved?: (view: LoanCertificationView) => void;
}) {
  const [form] = Form.useForm<Values>();
  const {
    mutation: save,
    error,
    warnings,
  } = useSaveCertification({
    form,
    fields: ['bankCardNo'],
    onSaved: (view) => {
      form.resetFields(['bankCardNo']);
      onSaved?.(view);
    },
    save: (values: Values) => bindBankCard(values.bankCardNo.trim(), values.bankName ?? '', { silent: true }),
  });
  return (
    <Flex vertical gap={12}>
      <CertifiedIntro view={existing} />
      {existing.bankCardMasked && (
        <Typography.Text>已绑定：{cardText(existing)}。如需更换，请填写新的银行卡。</Typography.Text>
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ bankName: existing.bankName ?? undefined }}
        onFinish={(values) => save.mutate(values)}
      >
        <SaveNotes error={error} warnings={warnings} />
        <BankCardFields />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {existing.bankCardMasked ? '更换银行卡' : '绑定银行卡'}
        </Button>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          银行卡号加密传输和保存，页面中只显示部分号码。
        </Typography.Paragraph>
      </Form>
      <WholeCertification needBankCard needSalesStatement={needSalesStatement} />
    </Flex>
  );
}
