import { SafetyCertificateOutlined } from '@ant-design/icons';
import {
  CLOSING_BALANCE_LABEL,
  formatYuan,
  type VerifiedDocument,
  type VerifyDocumentQuery,
  verifyPagePath,
  yuanToFen,
} from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { verifyDocumentQueryOptions } from '../../api/documents';
import { isRspError } from '../../api/errors';
import { StandaloneFrame } from '../../components/StandaloneFrame';

/** The names of the parties by kind: a receipt's payer and payee, a contract's or certificate's borrower and issuer. */
const PARTY_LABELS: Record<VerifiedDocument['kind'], [string, string]> = {
  RECEIPT: ['付款方', '收款方'],
  CONTRACT: ['借款人', '出借人'],
  SETTLEMENT_CERT: ['借款人', '出具方'],
  STATEMENT: ['借款人', '出具方'],
};

/** What the amount is: a statement's is its closing balance. */
const amountLabel = (kind: VerifiedDocument['kind']) =>
  kind === 'STATEMENT' ? CLOSING_BALANCE_LABEL : '金额';

function Facts({ facts }: { facts: VerifiedDocument }) {
  const [payer, payee] = PARTY_LABELS[facts.kind];
  return (
    <>
      <Result
        status="success"
        title="真实有效"
        subTitle={`该${facts.kindLabel}由本平台出具，以下为文件的关键信息（个人信息已脱敏），请与手中的文件逐项核对。`}
      />
      <Descriptions
        column={1}
        bordered
        size="small"
        data-testid="verified-facts"
        styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
      >
        <Descriptions.Item label="文件类型">{facts.kindLabel}</Descriptions.Item>
        <Descriptions.Item label="文件编号">{facts.docNo}</Descriptions.Item>
        <Descriptions.Item label="出具日期">{facts.issueDate}</Descriptions.Item>
        <Descriptions.Item label={amountLabel(facts.kind)}>
          {formatYuan(yuanToFen(facts.amount))} 元
        </Descriptions.Item>
        <Descriptions.Item label={payer}>{facts.payer}</Descriptions.Item>
        <Descriptions.Item label={payee}>{facts.payee}</Descriptions.Item>
      </Descriptions>
    </>
  );
}

function Answer({ query }: { query: VerifyDocumentQuery }) {
  const answer = useQuery(verifyDocumentQueryOptions(query));
  if (answer.isPending) return <Spin description="正在核验…" />;
  if (answer.isSuccess) return <Facts facts={answer.data} />;
  if (isRspError(answer.error)) {
    return <Result status="error" title="未查到该文件" subTitle={answer.error.desc} />;
  }
  return <Alert type="error" showIcon title={answer.error.message} />;
}

/**
 * /verify/:docNo: whoever holds a document the portal issued (a receipt, a contract, a settlement certificate)
 * checks it with its number and verification code. The document's QR code opens this page with both, and the
 * check runs at once; otherwise the visitor types them.
 */
export default function VerifyPage() {
  const { docNo = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const fromLink = { docNo, code: search.get('code') ?? '' };
  const [query, setQuery] = useState<VerifyDocumentQuery | null>(
    fromLink.docNo && fromLink.code ? fromLink : null,
  );
  const [form] = Form.useForm<VerifyDocumentQuery>();

  const submit = (values: VerifyDocumentQuery) => {
    const next = { docNo: values.docNo.trim().toUpperCase(), code: values.code.trim().toUpperCase() };
    setQuery(next);
    navigate(verifyPagePath(next.docNo), { replace: true });
  };

  return (
    <StandaloneFrame width={640}>
      <Card variant="borderless">
        <Typography.Title level={3}>
          <SafetyCertificateOutlined /> 文件验真
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          输入电子回单、借款合同或结清证明上印的文件编号和验证码，核验文件是否由本平台出具。
        </Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={fromLink} onFinish={submit} requiredMark={false}>
          <Form.Item
            name="docNo"
            label="文件编号"
            rules={[{ required: true, whitespace: true, message: '请输入文件编号' }]}
          >
            <Input placeholder="如 HD20261127K7M2QX9P" maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="code"
            label="验证码"
            rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
          >
            <Input placeholder="文件上的 8 位验证码" maxLength={16} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block>
            核验真伪
          </Button>
        </Form>
        {query && (
          <div style={{ marginTop: 24 }}>
            <Answer query={query} />
          </div>
        )}
      </Card>
    </StandaloneFrame>
  );
}
