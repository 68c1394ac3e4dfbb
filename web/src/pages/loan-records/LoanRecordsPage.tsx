import {
  BANK_CODES,
  type BankCode,
  formatDateTime,
  LOAN_RECORD_STATUS_DISPLAY,
  LOAN_RECORD_STATUSES,
  type LoanRecordItem,
  type LoanRecordQuery,
  type LoanRecordStatus,
  loanRecordDisplay,
  PARTNER_BANKS,
} from '@loan/domain';
import { Card, Form, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { loanRecordsQueryOptions } from '../../api/loans';
import { LOAN_INFO_PATH, loanRecordDetailPath } from '../../app/paths';
import { yuanText } from '../../components/application/ApplicationParts';
import { EmptyNext, hasFilters } from '../../components/records/EmptyNext';
import { RecordCard } from '../../components/records/RecordCard';
import { RecordFilters, type SelectFilter } from '../../components/records/RecordFilters';
import { RecordList } from '../../components/records/RecordList';
import { rangeFilter, tagColumn } from '../../components/records/RecordParts';
import { useRecordPages } from '../../components/records/useRecordPages';

const STATUS_OPTIONS = LOAN_RECORD_STATUSES.map((value) => ({
  value,
  label: LOAN_RECORD_STATUS_DISPLAY[value].label,
}));
const BANK_OPTIONS = BANK_CODES.map((value) => ({ value, label: PARTNER_BANKS[value].name }));
const SELECTS: SelectFilter[] = [
  {
    name: 'status',
    label: '状态',
    id: 'record-status',
    placeholder: '全部状态',
    options: STATUS_OPTIONS,
    lg: 6,
  },
  {
    name: 'bank',
    label: '合作机构',
    id: 'record-bank',
    placeholder: '全部机构',
    options: BANK_OPTIONS,
    lg: 6,
  },
];

interface FilterValues {
  status?: LoanRecordStatus;
  bank?: BankCode;
  range?: [Dayjs | null, Dayjs | null] | null;
}

type Filters = Pick<LoanRecordQuery, 'status' | 'bank' | 'from' | 'to'>;

function toFilters(values: FilterValues): Filters {
  return {
    ...(values.status ? { status: values.status } : {}),
    ...(values.bank ? { bank: values.bank } : {}),
    ...rangeFilter(values.range),
  };
}

const detailPath = (item: LoanRecordItem) => loanRecordDetailPath(item.rowId);
const termText = (months: number | null) => (months ? `${months} 个月` : '—');

// together about 1,010 px: the whole table fits beside the menu at 1366 px, no column under the fixed ones
const COLUMNS: TableColumnsType<LoanRecordItem> = [
  {
    key: 'product',
    title: '产品',
    fixed: 'left',
    width: 118,
    render: (_, item) => <Link to={detailPath(item)}>{item.productName}</Link>,
  },
  { key: 'bank', title: '合作机构', dataIndex: 'bankName', width: 110 },
  { key: 'amount', title: '金额', align: 'right', width: 120, render: (_, item) => yuanText(item.amount) },
  { key: 'term', title: '期限', width: 72, render: (_, item) => termText(item.termMonths) },
  tagColumn<LoanRecordItem>('status', '状态', 100, (item) =>
    loanRecordDisplay(item.recordStatus, item.overdueBucket),
  ),
  {
    key: 'outstanding',
    title: '待还本金',
    align: 'right',
    width: 120,
    render: (_, item) => yuanText(item.outstandingPrincipal),
  },
  {
    key: 'createdAt',
    title: '申请时间',
    width: 156,
    render: (_, item) => formatDateTime(item.createdAt),
  },
  {
    key: 'disbursedAt',
    title: '放款时间',
    width: 156,
    render: (_, item) => formatDateTime(item.disbursedAt),
  },
  {
    key: 'action',
    title: '操作',
    width: 60,
    fixed: 'right',
    render: (_, item) => <Link to={detailPath(item)}>详情</Link>,
  },
];

/** One record as a card: the phone layout. */
function LoanRecordCard({ item }: { item: LoanRecordItem }) {
  return (
    <RecordCard
      title={item.productName}
      state={loanRecordDisplay(item.recordStatus, item.overdueBucket)}
      actions={[
        <Link key="detail" to={detailPath(item)}>
          查看详情
        </Link>,
      ]}
      facts={[
        { key: 'bank', label: '合作机构', children: item.bankName },
        { key: 'amount', label: '金额', children: yuanText(item.amount) },
        { key: 'term', label: '期限', children: termText(item.termMonths) },
        { key: 'outstanding', label: '待还本金', children: yuanText(item.outstandingPrincipal) },
        { key: 'createdAt', label: '申请时间', children: formatDateTime(item.createdAt) },
        ...(item.disbursedAt
          ? [{ key: 'disbursedAt', label: '放款时间', children: formatDateTime(item.disbursedAt) }]
          : []),
      ]}
    />
  );
}

/** /record/loanRecord: the borrower's applications and loans, newest first, filtered and paged by keyset. */
export default function LoanRecordsPage() {
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<Filters>({});
  const list = useRecordPages(filters, (page) => loanRecordsQueryOptions({ ...filters, ...page }));
  const { phone } = list;

  return (
    <Card variant="borderless" title="贷款记录">
      <RecordFilters
        form={form}
        selects={SELECTS}
        range={{ label: '申请日期', id: 'record-range' }}
        phone={phone}
        onChange={(values) => setFilters(toFilters(values))}
        onReset={() => setFilters({})}
      />
      <RecordList<LoanRecordItem>
        {...list}
        failed="贷款记录加载失败"
        rowKey="rowId"
        columns={COLUMNS}
        card={(item) => <LoanRecordCard item={item} />}
        empty={
          <EmptyNext
            description="您还没有贷款申请"
            action={{ label: '去申请', to: LOAN_INFO_PATH }}
            filtered={hasFilters(filters)}
            onClearFilters={() => {
              form.resetFields();
              setFilters({});
            }}
          />
        }
        note={
          <Typography.Text type="secondary" style={{ textAlign: 'right', marginTop: 8 }}>
            按申请时间由新到旧排列
          </Typography.Text>
        }
      />
    </Card>
  );
}
