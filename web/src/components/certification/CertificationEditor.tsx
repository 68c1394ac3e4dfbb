import { DOCUMENT_KIND_LABELS, type DocumentKind, type LoanCertificationView } from '@loan/domain';
import { Alert, Button, Col, Divider, Flex, Form, Row, Typography } from 'antd';
import { type CertificationInput, insertLoanCertification } from '../../api/certification';
import { BankCardFields } from './BankCardFields';
import {
  companyNameRules,
  idNumberRules,
  legalNameRules,
  phoneRules,
  usccRules,
} from './certification-rules';
import { useSaveCertification } from './certification-save';
import { DocumentUpload } from './DocumentUpload';
import { SaveNotes } from './SaveNotes';
import { type TextField, TextFields } from './TextFields';

/** The form's plain values: the call's, with the documents not uploaded yet. */
type Values = Omit<CertificationInput, 'licenceDocId' | 'idFrontDocId' | 'idBackDocId'> &
  Partial<Pick<CertificationInput, 'licenceDocId' | 'idFrontDocId' | 'idBackDocId'>>;

const DOC_FIELDS: ReadonlyArray<[DocumentKind, keyof Values]> = [
  ['BUSINESS_LICENCE', 'licenceDocId'],
  ['ID_CARD_FRONT', 'idFrontDocId'],
  ['ID_CARD_BACK', 'idBackDocId'],
  ['SALES_STATEMENT', 'salesDocId'],
];

const COMPANY_FIELDS: TextField[] = [
  {
    name: 'companyName',
    label: '企业名称',
    rules: companyNameRules,
    input: { placeholder: '与营业执照一致', maxLength: 100, autoComplete: 'organization' },
  },
  {
    name: 'uscc',
    label: '统一社会信用代码',
    rules: usccRules,
    input: { placeholder: '18位，见营业执照', maxLength: 18 },
  },
];

const LEGAL_FIELDS: TextField[] = [
  {
    name: 'legalName',
    label: '姓名',
    rules: legalNameRules,
    input: { placeholder: '法定代表人姓名', maxLength: 30, autoComplete: 'name' },
  },
  {
    name: 'idNumber',
    label: '身份证号码',
    rules: idNumberRules(),
    input: { placeholder: '18位居民身份证号码', maxLength: 18, autoComplete: 'off' },
  },
  {
    name: 'legalPhone',
    label: '手机号',
    rules: phoneRules,
    input: { placeholder: '11位手机号', maxLength: 11, inputMode: 'numeric', autoComplete: 'tel' },
  },
];

const FIELDS = ['uscc', 'idNumber', 'legalPhone', 'bankCardNo', 'salesDocId'] as const;

/**
 * The full certification form. For an existing certification the company and the documents on file are filled
 * in; the card may be left empty to keep the one bound; what the bank does not ask for is not sent and is kept.
 */
export function CertificationEditor({
  existing,
  needBankCard,
  needSalesStatement,
  onCancel,
  onSaved,
}: {
  existing: LoanCertificationView | null;
  needBankCard: boolean;
  needSalesStatement: boolean;
  onCancel?: () => void;
  onSaved: (view: LoanCertificationView) => void;
}) {
  const [form] = Form.useForm<Values>();
  const docKinds = DOC_FIELDS.filter(([kind]) => kind !== 'SALES_STATEMENT' || needSalesStatement);
  const initialDocs = Object.fromEntries(
    docKinds.flatMap(([kind, field]) => {
      const doc = existing?.documents.find((d) => d.kind === kind);
      return doc ? [[field, doc.documentId]] : [];
    }),
  );
  const cardOnFile = existing?.bankCardMasked ?? undefined;

  const {
    mutation: save,
    error,
    warnings,
  } = useSaveCertification({
    form,
    fields: FIELDS,
    onSaved,
    save: (values: Values) => {
      const input: CertificationInput = {
        companyName: values.companyName.trim(),
        uscc: values.uscc.trim().toUpperCase(),
        legalName: values.legalName.trim(),
        idNumber: values.idNumber.trim().toUpperCase(),
        legalPhone: values.legalPhone.trim(),
        licenceDocId: values.licenceDocId ?? 0,
        idFrontDocId: values.idFrontDocId ?? 0,
        idBackDocId: values.idBackDocId ?? 0,
        ...(needSalesStatement && values.salesDocId ? { salesDocId: values.salesDocId } : {}),
        ...(needBankCard && values.bankCardNo?.trim() ? { bankCardNo: values.bankCardNo.trim() } : {}),
        ...(needBankCard ? { bankName: values.bankName?.trim() ?? '' } : {}),
      };
      return insertLoanCertification(input, { silent: true });
    },
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{
        companyName: existing?.companyName,
        uscc: existing?.uscc,
        bankName: existing?.bankName ?? undefined,
        ...initialDocs,
      }}
      onFinish={(values) => save.mutate(values)}
      scrollToFirstError
    >
      <SaveNotes error={error} warnings={warnings} />
      {existing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="为保护您的信息，法定代表人姓名、身份证号码和手机号需重新填写；已上传的证件资料和已绑定的银行卡会保留"
        />
      )}
      <Divider titlePlacement="start">企业信息</Divider>
      <TextFields fields={COMPANY_FIELDS} />

      <Divider titlePlacement="start">法定代表人</Divider>
      <TextFields fields={LEGAL_FIELDS} />

      {needBankCard && (
        <>
          <Divider titlePlacement="start">银行卡</Divider>
          <BankCardFields keepOnFile={cardOnFile} />
        </>
      )}

      <Divider titlePlacement="start">证件资料</Divider>
      <Row gutter={16}>
        {docKinds.map(([kind, field]) => (
          <Col xs={24} md={12} key={kind}>
            <Form.Item
              name={field}
              label={DOCUMENT_KIND_LABELS[kind]}
              rules={[{ required: true, message: `请上传${DOCUMENT_KIND_LABELS[kind]}` }]}
            >
              <DocumentUpload kind={kind} known={existing?.documents} />
            </Form.Item>
          </Col>
        ))}
      </Row>

      <Flex gap={12} wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          提交认证信息
        </Button>
        {onCancel && <Button onClick={onCancel}>取消修改</Button>}
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        身份证号码和银行卡号加密传输和保存，页面中只显示部分号码。
      </Typography.Paragraph>
    </Form>
  );
}
