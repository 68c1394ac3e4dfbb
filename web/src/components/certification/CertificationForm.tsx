import type { LoanCertificationView } from '@loan/domain';
import { Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { CertificationEditor } from './CertificationEditor';
import { CertificationSummaryView } from './CertificationSummaryView';
import { useCertification } from './certification-save';

interface CertificationFormProps {
  needBankCard: boolean;
  needSalesStatement: boolean;
  onSaved?: (view: LoanCertificationView) => void;
}

/** Skeleton while the certification loads, an empty state with "重新加载" when it fails. */
export function CertificationLoadState({ query }: { query: ReturnType<typeof useCertification> }) {
  if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <Empty description={query.error instanceof Error ? query.error.message : '认证信息加载失败'}>
      <Button onClick={() => query.refetch()}>重新加载</Button>
    </Empty>
  );
}

/**
 * The loan certification (企业信息, 法定代表人, 银行卡, 证件资料): an existing one is shown masked with
 * "修改认证信息"; the form checks every field as the server does; the ID number and card travel encrypted.
 * Fields the bank does not ask for are not shown and stay as they are on file.
 */
export function CertificationForm({ needBankCard, needSalesStatement, onSaved }: CertificationFormProps) {
  const query = useCertification();
  const [editing, setEditing] = useState(false);

  if (!query.isSuccess) return <CertificationLoadState query={query} />;
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
