import type { LoanCertificationView } from '@loan/domain';
import { Button, Flex, Form } from 'antd';
import { updateCertificationDocuments } from '../../api/certification';
import { CertificationForm, CertificationLoadState } from './CertificationForm';
import { useCertification, useSaveCertification } from './certification-save';
import { DocumentUpload } from './DocumentUpload';
import { SaveNotes } from './SaveNotes';
import { CertifiedIntro, WholeCertification } from './StepCertificationParts';

interface Values {
  salesDocId?: number;
}

/**
 * The 上传经营资料 step: only the 店铺销售流水 (uploaded, then saved on the certification); every other field and
 * document stays. Without a certification yet, the full form (which has the sales statement too).
 */
export function SalesStatementForm({
  needBankCard,
  onSaved,
}: {
  needBankCard: boolean;
  onSaved?: (view: LoanCertificationView) => void;
}) {
  const query = useCertification();
  if (!query.isSuccess) return <CertificationLoadState query={query} />;
  const existing = query.data?.certification ?? null;
  if (!existing) {
    return <CertificationForm needBankCard={needBankCard} needSalesStatement onSaved={onSaved} />;
  }
  return <SalesStatementEditor existing={existing} needBankCard={needBankCard} onSaved={onSaved} />;
}

function SalesStatementEditor({
  existing,
  needBankCard,
  onSaved,
}: {
  existing: LoanCertificationView;
  needBankCard: boolean;
  onSaved?: (view: LoanCertificationView) => void;
}) {
  const [form] = Form.useForm<Values>();
  const onFile = existing.documents.find((d) => d.kind === 'SALES_STATEMENT');
  const {
    mutation: save,
    error,
    warnings,
  } = useSaveCertification({
    form,
    fields: ['salesDocId'],
    onSaved,
    save: (values: Values) =>
      updateCertificationDocuments({ salesDocId: values.salesDocId ?? 0 }, { silent: true }),
  });
  return (
    <Flex vertical gap={12}>
      <CertifiedIntro view={existing} />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ salesDocId: onFile?.documentId }}
        onFinish={(values) => save.mutate(values)}
      >
        <SaveNotes error={error} warnings={warnings} />
        <Form.Item
          name="salesDocId"
          label="店铺销售流水"
          rules={[{ required: true, message: '请上传店铺销售流水' }]}
        >
          <DocumentUpload kind="SALES_STATEMENT" known={existing.documents} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          提交经营资料
        </Button>
      </Form>
      <WholeCertification needBankCard={needBankCard} needSalesStatement />
    </Flex>
  );
}
