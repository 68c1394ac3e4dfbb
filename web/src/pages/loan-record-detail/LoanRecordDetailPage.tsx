import {
  type AcceptedAgreement,
  formatYuan,
  INSTALMENT_STATUS_DISPLAY,
  type InstalmentView,
  LEDGER_TYPE_DISPLAY,
  type LedgerLine,
  LOAN_RECORD_STATUS_DISPLAY,
  type LoanRecordDetail,
  type LoanView,
  REPAYMENT_METHOD_LABELS,
  SERVICE_FEE_STATUS_LABELS,
} from '@loan/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Flex,
  Result,
  Skeleton,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { Link, useSearchParams } from 'react-router';
import { isRspError } from '../../api/errors';
import { LOAN_QUERY_KEYS, loanRecordDetail } from '../../api/loans';
import { QUERY_KEYS } from '../../api/query-keys';
import { SignedAgreementViewer } from '../../components/agreement/SignedAgreementViewer';
import { AdvanceCancelButton } from '../../components/application/AdvanceCancelButton';
import {
  ApplicationCard,
  ApplicationTimeline,
  formatShanghaiTime,
  rateText,
  yuanText,
} from '../../components/application/ApplicationParts';
import { EnumTag, fenOf, NoData, partsText, SignedAmount } from '../../components/records/RecordParts';
import { EarlySettlement } from './EarlySettlement';
import { RepayNow } from './RepayNow';

const RECORDS_PATH = '/record/loanRecord';

const money = (yuan: string) => {
  const fen = fenOf(yuan);
  return fen === null ? '—' : formatYuan(fen);
};

/** What has been paid on an instalment: its four paid parts, exactly. */
export function paidText(i: InstalmentView): string {
  const parts = [i.paidPrincipal, i.paidInterest, i.paidFee, i.paidPenalty].map(fenOf);
  if (parts.some((fen) => fen === null)) return '—';
  return formatYuan(parts.reduce<number>((sum, fen) => sum + (fen ?? 0), 0));
}

const SCHEDULE_COLUMNS: TableColumnsType<InstalmentView> = [
  { key: 'seq', title: '期数', dataIndex: 'seq', width: 64, fixed: 'left', align: 'center' },
  { key: 'dueDate', title: '应还日期', dataIndex: 'dueDate', width: 110 },
  { key: 'principal', title: '本金', align: 'right', width: 110, render: (_, i) => money(i.principal) },
  { key: 'interest', title: '利息', align: 'right', width: 100, render: (_, i) => money(i.interest) },
  { key: 'fee', title: '服务费', align: 'right', width: 90, render: (_, i) => money(i.fee) },
  { key: 'penalty', title: '罚息', align: 'right', width: 90, render: (_, i) => money(i.penalty) },
  { key: 'paid', title: '已还', align: 'right', width: 110, render: (_, i) => paidText(i) },
  { key: 'outstanding', title: '未还', align: 'right', width: 110, render: (_, i) => money(i.outstanding) },
  {
    key: 'status',
    title: '状态',
    width: 100,
    fixed: 'right',
    render: (_, i) => <EnumTag display={INSTALMENT_STATUS_DISPLAY[i.status]} />,
  },
];

const LEDGER_COLUMNS: TableColumnsType<LedgerLine> = [
  { key: 'time', title: '时间', width: 170, render: (_, l) => formatShanghaiTime(l.occurredAt) },
  {
    key: 'type',
    title: '类型',
    width: 100,
    render: (_, l) => <EnumTag display={LEDGER_TYPE_DISPLAY[l.type]} />,
  },
  {
    key: 'amount',
    title: '金额（元）',
    align: 'right',
    width: 130,
    render: (_, l) => <SignedAmount yuan={l.amount} />,
  },
  { key: 'parts', title: '构成', render: (_, l) => partsText(l) },
];

/** 服务费 of the loan: the total with its status, what was paid and what is left, and the way to the fee page. */
function ServiceFeeText({ fee, loanId }: { fee: NonNullable<LoanView['serviceFee']>; loanId: number }) {
  const parts = [
    fee.paid && fenOf(fee.paid) ? `已缴 ${yuanText(fee.paid)}` : null,
    fee.discount && fenOf(fee.discount) ? `优惠 ${yuanText(fee.discount)}` : null,
    fee.waived && fenOf(fee.waived) ? `减免 ${yuanText(fee.waived)}` : null,
    fee.outstanding && fenOf(fee.outstanding) ? `待缴 ${yuanText(fee.outstanding)}` : null,
  ].filter(Boolean);
  return (
    <>
      {yuanText(fee.amount)}（{SERVICE_FEE_STATUS_LABELS[fee.status]}）
      {fee.rateLabel ? ` · ${fee.rateLabel}` : ''}
      {parts.length > 0 ? ` · ${parts.join('，')}` : ''}{' '}
      <Link to={`/service/serviceDetail?loanId=${loanId}`}>服务费明细</Link>
    </>
  );
}

function LoanTerms({ loan }: { loan: LoanView }) {
  const fee = loan.serviceFee;
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'principal', label: '借款本金', children: yuanText(loan.principal) },
        { key: 'rate', label: '名义年利率', children: rateText(loan.annualRate) },
        { key: 'annualised', label: '年化利率', children: rateText(loan.annualisedRate) },
        { key: 'method', label: '还款方式', children: REPAYMENT_METHOD_LABELS[loan.method] },
        { key: 'term', label: '借款期限', children: `${loan.termMonths} 个月` },
        { key: 'start', label: '起息日', children: loan.startDate },
        {
          key: 'status',
          label: '贷款状态',
          children: <EnumTag display={LOAN_RECORD_STATUS_DISPLAY[loan.status]} />,
        },
        { key: 'outstanding', label: '待还本金', children: yuanText(loan.outstandingPrincipal) },
        {
          key: 'fee',
          label: '服务费',
          children: fee ? <ServiceFeeText fee={fee} loanId={loan.loanId} /> : '无',
        },
        { key: 'disbursedAt', label: '放款时间', children: formatShanghaiTime(loan.disbursedAt) },
        ...(loan.settledAt
          ? [{ key: 'settledAt', label: '结清时间', children: formatShanghaiTime(loan.settledAt) }]
          : []),
      ]}
    />
  );
}

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
                版本 {a.version} · 签署时间 {formatShanghaiTime(a.acceptedAt)}
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
  const queryClient = useQueryClient();
  const refreshAll = () => {
    refresh();
    void queryClient.invalidateQueries({ queryKey: LOAN_QUERY_KEYS.records });
    void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.applicationList });
  };
  return (
    <Flex vertical gap={16}>
      <Link to={RECORDS_PATH}>← 返回贷款记录</Link>
      <ApplicationCard detail={detail} time={{ label: '申请时间', iso: application.createdAt }}>
        {detail.canCancel && (
          <Flex justify="flex-end">
            <AdvanceCancelButton rowId={application.rowId} onCancelled={refreshAll} />
          </Flex>
        )}
      </ApplicationCard>
      {loan && (
        <Card title="借款信息">
          <LoanTerms loan={loan} />
        </Card>
      )}
      {loan && loan.status !== 'SETTLED' && (
        <Card title="主动还款">
          <RepayNow loan={loan} instalments={instalments} />
        </Card>
      )}
      {loan && loan.status !== 'SETTLED' && (
        <Card title="提前结清">
          <EarlySettlement loan={loan} onSettled={refreshAll} />
        </Card>
      )}
      {loan && (
        <Card title="还款计划">
          <Table<InstalmentView>
            rowKey="seq"
            size="small"
            columns={SCHEDULE_COLUMNS}
            dataSource={instalments}
            pagination={false}
            scroll={{ x: 900 }}
            locale={{ emptyText: <NoData /> }}
          />
        </Card>
      )}
      {loan && (
        <Card title="交易明细">
          <Table<LedgerLine>
            rowKey="id"
            size="small"
            columns={LEDGER_COLUMNS}
            dataSource={transactions}
            pagination={false}
            scroll={{ x: 600 }}
            locale={{ emptyText: <NoData /> }}
          />
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
  const record = useQuery({
    queryKey: [...LOAN_QUERY_KEYS.detail, rowId],
    queryFn: ({ signal }) => loanRecordDetail(rowId ?? '', { silent: true, signal }),
    enabled: rowId !== null && rowId !== '',
    staleTime: 0,
    retry: (count, error) => !isRspError(error) && count < 1,
  });
  if (!rowId || (record.isError && isRspError(record.error)))
    return (
      <Result status="404" title="记录不存在或无权查看" extra={<Link to={RECORDS_PATH}>返回贷款记录</Link>} />
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
