import {
  formatYuan,
  LEDGER_TYPE_DISPLAY,
  LEDGER_TYPES,
  type LedgerLine,
  type LedgerTotals,
  type LedgerType,
  type TradingRecordQuery,
} from '@loan/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Row,
  Select,
  Statistic,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import {
  type ExportFormat,
  type ExportQuery,
  exportTrading,
  saveFile,
  TRADING_QUERY_KEYS,
  tradingRecords,
} from '../../api/trading';
import { formatShanghaiTime } from '../../components/application/ApplicationParts';
import { RecordList, ResetFiltersButton } from '../../components/records/RecordList';
import {
  EnumTag,
  fenOf,
  partsText,
  rangeFilter,
  SignedAmount,
  useIsPhone,
} from '../../components/records/RecordParts';
import { useKeysetPager } from '../../components/records/useKeysetPager';

const TYPE_OPTIONS = LEDGER_TYPES.map((value) => ({ value, label: LEDGER_TYPE_DISPLAY[value].label }));

interface FilterValues {
  type?: LedgerType;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function toFilters(values: FilterValues): ExportQuery {
  return { ...(values.type ? { type: values.type } : {}), ...rangeFilter(values.range) };
}

const memoText = (line: LedgerLine) =>
  [line.memo, line.reversesId !== null ? `冲正第 ${line.reversesId} 笔` : null].filter(Boolean).join('；') ||
  '—';

const COLUMNS: TableColumnsType<LedgerLine> = [
  {
    key: 'time',
    title: '交易时间',
    width: 170,
    fixed: 'left',
    render: (_, line) => formatShanghaiTime(line.occurredAt),
  },
  {
    key: 'type',
    title: '类型',
    width: 100,
    render: (_, line) => <EnumTag display={LEDGER_TYPE_DISPLAY[line.type]} />,
  },
  {
    key: 'amount',
    title: '金额（元）',
    align: 'right',
    width: 130,
    render: (_, line) => <SignedAmount yuan={line.amount} />,
  },
  { key: 'parts', title: '构成', width: 260, render: (_, line) => partsText(line) },
  { key: 'product', title: '产品', width: 140, render: (_, line) => line.productName ?? '—' },
  { key: 'memo', title: '备注', render: (_, line) => memoText(line) },
];

function LineCard({ line }: { line: LedgerLine }) {
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <EnumTag display={LEDGER_TYPE_DISPLAY[line.type]} />
          <SignedAmount yuan={line.amount} />
        </Flex>
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'time', label: '交易时间', children: formatShanghaiTime(line.occurredAt) },
          { key: 'parts', label: '构成', children: partsText(line) },
          { key: 'product', label: '产品', children: line.productName ?? '—' },
          { key: 'memo', label: '备注', children: memoText(line) },
        ]}
      />
    </Card>
  );
}

const TOTALS: { key: keyof LedgerTotals; title: string }[] = [
  { key: 'count', title: '笔数' },
  { key: 'amount', title: '金额合计' },
  { key: 'principal', title: '本金' },
  { key: 'interest', title: '利息' },
  { key: 'penalty', title: '罚息' },
  { key: 'fee', title: '服务费' },
];

function Totals({ totals, loading }: { totals: LedgerTotals | undefined; loading: boolean }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {TOTALS.map(({ key, title }) => {
        const value = totals?.[key];
        const text =
          value === undefined
            ? '—'
            : typeof value === 'number'
              ? String(value)
              : formatYuan(fenOf(value) ?? 0);
        return (
          <Col key={key} xs={12} sm={8} lg={4}>
            <Card size="small" data-testid={`total-${key}`}>
              <Statistic
                title={title}
                value={text}
                loading={loading && !totals}
                suffix={key === 'count' ? '笔' : '元'}
                styles={{ content: { fontSize: 18 } }}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

function ExportButtons({ filters }: { filters: ExportQuery }) {
  const { message } = App.useApp();
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setPending(format);
    try {
      saveFile(await exportTrading(filters, format));
      message.success('导出成功，文件已开始下载');
    } catch (caught) {
      // transport failures have already been announced by the HTTP layer
      if (!isApiError(caught) || caught.kind === 'rsp') {
        message.error(isApiError(caught) ? caught.desc : '导出失败，请稍后重试');
      }
    } finally {
      setPending(null);
    }
  };
  return (
    <Flex gap={8} wrap>
      <Button loading={pending === 'csv'} disabled={pending !== null} onClick={() => void run('csv')}>
        导出 CSV
      </Button>
      <Button loading={pending === 'xlsx'} disabled={pending !== null} onClick={() => void run('xlsx')}>
        导出 Excel
      </Button>
    </Flex>
  );
}

/** /trading/tradingRecord: the borrower's ledger, the filtered range's totals, keyset paging and export. */
export default function TradingRecordsPage() {
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<ExportQuery>({});
  const pager = useKeysetPager(filters);
  const phone = useIsPhone();
  const query: TradingRecordQuery = {
    ...filters,
    limit: pager.pageSize,
    ...(pager.cursor ? { cursor: pager.cursor } : {}),
  };
  const records = useQuery({
    queryKey: [...TRADING_QUERY_KEYS.records, query],
    queryFn: ({ signal }) => tradingRecords(query, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });

  return (
    <Card variant="borderless" title="交易记录" extra={phone ? null : <ExportButtons filters={filters} />}>
      <Form
        form={form}
        layout="vertical"
        aria-label="筛选条件"
        onValuesChange={(_, values) => setFilters(toFilters(values))}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item label="交易类型" name="type" htmlFor="trading-type">
              <Select id="trading-type" allowClear placeholder="全部类型" options={TYPE_OPTIONS} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={9}>
            <Form.Item label="交易日期" name="range" htmlFor="trading-range">
              <DatePicker.RangePicker id={{ start: 'trading-range' }} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <ResetFiltersButton
            phone={phone}
            onReset={() => {
              form.resetFields();
              setFilters({});
            }}
          />
        </Row>
      </Form>
      {phone && (
        <div style={{ marginBottom: 16 }}>
          <ExportButtons filters={filters} />
        </div>
      )}
      <Typography.Text type="secondary">以下合计为筛选范围内全部交易（不限当前页）</Typography.Text>
      <Totals totals={records.data?.totals} loading={records.isPending} />
      <RecordList<LedgerLine>
        records={records}
        pager={pager}
        phone={phone}
        failed="交易记录加载失败"
        rowKey="id"
        columns={COLUMNS}
        scrollX={1000}
        card={(line) => <LineCard line={line} />}
      />
    </Card>
  );
}
