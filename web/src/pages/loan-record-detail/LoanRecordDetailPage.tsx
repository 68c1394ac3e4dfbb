import {
  type AcceptedAgreement,
  formatDateTime,
  type LoanRecordDetail,
  loanRecordDisplay,
  overdueBucket,
} from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { applicationKeys } from '../../api/applications';
import { isRspError } from '../../api/errors';
import { loanKeys, loanRecordDetailQueryOptions } from '../../api/loans';
import { LOAN_RECORDS_PATH } from '../../app/paths';
import { SignedAgreementViewer } from '../../components/agreement/SignedAgreementViewer';
import { AdvanceCancelButton } from '../../components/application/AdvanceCancelButton';
import { ApplicationCard, ApplicationTimeline } from '../../components/application/ApplicationParts';
import { ContractPdfButton } from '../../components/contract/ContractPdfButton';
import { EnumTag, NoData } from '../../components/records/RecordParts';
import { EarlySettlement } from './EarlySettlement';
import { LoanLedger } from './LoanLedger';
import { LoanOverdueBanner } from './LoanOverdueBanner';
import { LoanSchedule } from './LoanSchedule';
import { LoanTerms } from './LoanTerms';
import { OpenOrderAlert } from './OpenOrderAlert';
import { RepayNow } from './RepayNow';
import { SettledCard } from './SettledCard';

function Agreements({ agreements }: { agreements: readonly AcceptedAgreement[] }) {
  if (agreements.length === 0) return <NoData />;
  return (
    <Flex vertical gap={8} role="list" aria-label="已签署协议">
      {agreements.map((a) => (
        <Flex
          key={`${a.kind}-${a.version}`}
          role="listitem"
          justify="space-between"
          align="center"
          gap={8}
          wrap
        >
          <div>
            <Typography.Text strong>{a.title}</Typography.Text>
            <div>
              <Typography.Text type="secondary">
                版本 {a.version} · 签署时间 {formatDateTime(a.acceptedAt)}
              </Typography.Text>
            </div>
          </div>
          <SignedAgreementViewer agreement={a} />
        </Flex>
      ))}
    </Flex>
  );
}

function Detail({ data, refresh }: { data: LoanRecordDetail; refresh: () => void }) {
  const { detail, loan, instalments, transactions, agreements } = data;
  const { application } = detail;
  const bucket = overdueBucket(data.overdue?.days ?? 0);
  const queryClient = useQueryClient();
  const refreshAll = () => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: loanKeys.records });
    void queryClient.invalidateQueries({ queryKey: applicationKeys.list });
  };
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Link to={LOAN_RECORDS_PATH}>← 返回贷款记录</Link>
        {data.contractRowId != null && <ContractPdfButton rowId={data.contractRowId} />}
      </Flex>
      {loan && <LoanOverdueBanner loan={loan} instalments={instalments} overdue={data.overdue} />}
      <ApplicationCard
        detail={detail}
        time={{ label: '申请时间', iso: application.createdAt }}
        status={loan ? <EnumTag display={loanRecordDisplay(loan.status, bucket)} /> : undefined}
      >
        {detail.canCancel && (
          <Flex justify="flex-end">
            <AdvanceCancelButton rowId={application.rowId} onCancelled={refreshAll} />
          </Flex>
        )}
      </ApplicationCard>
      {loan && (
        <Card title="借款信息">
          <LoanTerms loan={loan} bucket={bucket} />
        </Card>
      )}
      {data.openOrder && <OpenOrderAlert order={data.openOrder} onClosed={refreshAll} />}
      {loan && loan.status !== 'SETTLED' && (
        <Card title="主动还款">
          <RepayNow loan={loan} instalments={instalments} overdue={data.overdue} />
        </Card>
      )}
      {loan && loan.status !== 'SETTLED' && (
        <Card title="提前结清">
          <EarlySettlement loan={loan} onSettled={refreshAll} />
        </Card>
      )}
      {loan?.status === 'SETTLED' && <SettledCard loan={loan} settlement={data.settlement} />}
      {loan && (
        <Card title="还款计划">
          <LoanSchedule instalments={instalments} overdue={data.overdue} />
        </Card>
      )}
      {loan && (
        <Card title="交易明细">
          <LoanLedger transactions={transactions} />
        </Card>
      )}
      <Card title="已签署协议">
        <Agreements agreements={agreements} />
      </Card>
      <Card title="申请进度">
        <ApplicationTimeline entries={detail.timeline} />
      </Card>
    </Flex>
  );
}

/** /record/loanRecordDetail?rowId=…: one application and its loan in full. */
export default function LoanRecordDetailPage() {
  const [searchParams] = useSearchParams();
  const rowId = searchParams.get('rowId');
  const record = useQuery(loanRecordDetailQueryOptions(rowId));
  if (!rowId || (record.isError && isRspError(record.error)))
    return (
      <Result
        status="404"
        title="记录不存在或无权查看"
        extra={<Link to={LOAN_RECORDS_PATH}>返回贷款记录</Link>}
      />
    );
  if (record.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (record.isError)
    return (
      <Result
        status="warning"
        title="暂时无法加载贷款记录"
        extra={<Button onClick={() => void record.refetch()}>重新加载</Button>}
      />
    );
  return <Detail data={record.data} refresh={() => void record.refetch()} />;
}
