import { EditOutlined } from '@ant-design/icons';
import {
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
  type LoanCertificationResult,
  type LoanCertificationView,
  RSP,
} from '@loan/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Divider,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Skeleton,
  Typography,
} from 'antd';
import { useState } from 'react';
import {
  CERTIFICATION_QUERY_KEY,
  type CertificationInput,
  getLoanCertification,
  insertLoanCertification,
} from '../../api/certification';
import { isRspError } from '../../api/errors';
import {
  bankCardRules,
  companyNameRules,
  idNumberRules,
  legalNameRules,
  phoneRules,
  usccRules,
} from './certification-rules';
import { DocumentUpload } from './DocumentUpload';

export interface CertificationFormProps {
  needBankCard: boolean;
  needSalesStatement: boolean;
  onSaved?: (view: LoanCertificationView) => void;
}

interface Values {
  companyName: string;
  uscc: string;
  legalName: string;
  idNumber: string;
  legalPhone: string;
  bankCardNo?: string;
  bankName?: string;
  licenceDocId?: number;
  idFrontDocId?: number;
  idBackDocId?: number;
  salesDocId?: number;
}

/** Which field a refusal of the server belongs to. */
const FIELD_OF_CODE: Partial<Record<string, keyof Values>> = {
  [RSP.INVALID_USCC]: 'uscc',
  [RSP.INVALID_ID_NUMBER]: 'idNumber',
  [RSP.INVALID_PHONE]: 'legalPhone',
  [RSP.INVALID_BANK_CARD]: 'bankCardNo',
};

const DOC_FIELDS: ReadonlyArray<[DocumentKind, keyof Values]> = [
  ['BUSINESS_LICENCE', 'licenceDocId'],
  ['ID_CARD_FRONT', 'idFrontDocId'],
  ['ID_CARD_BACK', 'idBackDocId'],
  ['SALES_STATEMENT', 'salesDocId'],
];

/**
 * The loan certification (企业信息, 法定代表人, 银行卡, 证件资料): an existing one is shown masked with
 * "修改认证信息"; the form checks every field as the server does; the ID number and card travel encrypted.
 */
export function CertificationForm({ needBankCard, needSalesStatement, onSaved }: CertificationFormProps) {
  const query = useQuery({
    queryKey: CERTIFICATION_QUERY_KEY,
    queryFn: () => getLoanCertification({ silent: true }),
  });
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (query.isError) {
    return (
      <Empty description={query.error instanceof Error ? query.error.message : '认证信息加载失败'}>
        <Button onClick={() => query.refetch()}>重新加载</Button>
      </Empty>
    );
  }
  const existing = query.data?.certification ?? null;
  if (existing && !editing) {
    return <CertificationSummaryView view={existing} onEdit={() => setEditing(true)} />;
  }
  return (
    <CertificationEditor
      existing={existing}
      needBankCard={needBankCard}
      needSalesStatement={needSalesStatement}
      onCancel={existing ? () => setEditing(false) : undefined}
      onSaved={(view) => {
        setEditing(false);
        onSaved?.(view);
      }}
    />
  );
}

function CertificationSummaryView({ view, onEdit }: { view: LoanCertificationView; onEdit: () => void }) {
  return (
    <Flex vertical gap={12}>
      {view.warnings.map((w) => (
        <Alert key={w} type="warning" showIcon title={w} />
      ))}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'companyName', label: '企业名称', children: view.companyName },
          { key: 'uscc', label: '统一社会信用代码', children: view.uscc },
          { key: 'legalName', label: '法定代表人', children: view.legalNameMasked },
          { key: 'idNumber', label: '身份证号码', children: view.idNumberMasked },
          { key: 'phone', label: '手机号', children: view.legalPhoneMasked },
          {
            key: 'card',
            label: '银行卡',
            children: view.bankCardMasked
              ? `${view.bankCardMasked}${view.bankName ? `（${view.bankName}）` : ''}`
              : '未填写',
          },
          {
            key: 'docs',
            label: '证件资料',
            span: 'filled',
            children:
              view.documents.length === 0
                ? '未上传'
                : view.documents.map((d) => (
                    <div key={d.documentId}>
                      {DOCUMENT_KIND_LABELS[d.kind]}：{d.fileName}
                    </div>
                  )),
          },
        ]}
      />
      <div>
        <Button icon={<EditOutlined />} onClick={onEdit}>
          修改认证信息
        </Button>
      </div>
    </Flex>
  );
}

function CertificationEditor({
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
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const docKinds = DOC_FIELDS.filter(([kind]) => kind !== 'SALES_STATEMENT' || needSalesStatement);
  const initialDocs = Object.fromEntries(
    docKinds.flatMap(([kind, field]) => {
      const doc = existing?.documents.find((d) => d.kind === kind);
      return doc ? [[field, doc.documentId]] : [];
    }),
  );

  const save = useMutation({
    mutationFn: (values: Values) => {
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
        ...(needBankCard && values.bankCardNo?.trim()
          ? { bankCardNo: values.bankCardNo.trim(), bankName: values.bankName?.trim() || undefined }
          : {}),
      };
      return insertLoanCertification(input, { silent: true });
    },
    onMutate: () => setError(null),
    onSuccess: (view) => {
      queryClient.setQueryData<LoanCertificationResult>(CERTIFICATION_QUERY_KEY, { certification: view });
      message.success('认证信息已保存');
      for (const w of view.warnings) message.warning(w);
      onSaved(view);
    },
    onError: (e) => {
      const field = isRspError(e) ? FIELD_OF_CODE[e.code] : undefined;
      if (isRspError(e) && field) form.setFields([{ name: field, errors: [e.desc] }]);
      else setError(isRspError(e) ? e.desc : '保存失败，请稍后重试');
    },
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark
      initialValues={{ companyName: existing?.companyName, uscc: existing?.uscc, ...initialDocs }}
      onFinish={(values) => save.mutate(values)}
      scrollToFirstError
    >
      {error && (
        <Alert className="form-alert" type="error" showIcon title={error} style={{ marginBottom: 16 }} />
      )}
      {existing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="为保护您的信息，法定代表人姓名、身份证号码、手机号和银行卡号需重新填写"
        />
      )}
      <Divider titlePlacement="start">企业信息</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="companyName" label="企业名称" rules={companyNameRules}>
            <Input placeholder="与营业执照一致" maxLength={100} autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="uscc" label="统一社会信用代码" rules={usccRules}>
            <Input placeholder="18位，见营业执照" maxLength={18} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">法定代表人</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="legalName" label="姓名" rules={legalNameRules}>
            <Input placeholder="法定代表人姓名" maxLength={30} autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="idNumber" label="身份证号码" rules={idNumberRules()}>
            <Input placeholder="18位居民身份证号码" maxLength={18} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="legalPhone" label="手机号" rules={phoneRules}>
            <Input placeholder="11位手机号" maxLength={11} inputMode="numeric" autoComplete="tel" />
          </Form.Item>
        </Col>
      </Row>

      {needBankCard && (
        <>
          <Divider titlePlacement="start">银行卡</Divider>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="bankCardNo" label="银行卡号" rules={bankCardRules}>
                <Input placeholder="12至19位数字" maxLength={23} inputMode="numeric" autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="bankName"
                label="开户行"
                rules={[{ max: 50, message: '开户行名称不能超过50个字符' }]}
              >
                <Input placeholder="如：招商银行深圳分行" maxLength={50} />
              </Form.Item>
            </Col>
          </Row>
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
