import {
  formatYuan,
  LEDGER_TYPE_DISPLAY,
  LEDGER_TYPES,
  type LedgerLine,
  type LedgerTotals,
  type LedgerType,
  ledgerTotalFigures,
} from '@loan/domain';
import { Button, Card, Col, Flex, Form, Row, Statistic, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { isApiError } from '../../api/errors';
import {
  type ExportFormat,
  type ExportQuery,
  exportTrading,
  saveFile,
  tradingRecordsQueryOptions,
} from '../../api/trading';
import { useMessage } from '../../app/feedback';
import { LOAN_INFO_PATH } from '../../app/paths';
import { EmptyNext, hasFilters } from '../../components/records/EmptyNext';
import { LedgerLineCard } from '../../components/records/LedgerLineCard';
import { ledgerColumns } from '../../components/records/ledger-columns';
import { RecordFilters, type SelectFilter } from '../../components/records/RecordFilters';
import { RecordList } from '../../components/records/RecordList';
import { rangeFilter } from '../../components/records/RecordParts';
import { useRecordPages } from '../../components/records/useRecordPages';

/** Before the first answer: the figures' names, without amounts. */
const PLACEHOLDER_FIGURES = ledgerTotalFigures({
  amount: '0.00',
  principal: '0.00',
  disbursed: '0.00',
  interest: '0.00',
  penalty: '0.00',
  fee: '0.00',
  count: 0,
}).map((f) => ({ key: f.key, title: f.key === 'amount' ? '资金净额' : f.label, text: '—' }));

const TYPE_OPTIONS = LEDGER_TYPES.map((value) => ({ value, label: LEDGER_TYPE_DISPLAY[value].label }));
const SELECTS: SelectFilter[] = [
  {
    name: 'type',
    label: '交易类型',
    id: 'trading-type',
    placeholder: '全部类型',
    options: TYPE_OPTIONS,
    lg: 6,
  },
];

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
  ...ledgerColumns({ title: '交易时间', fixed: 'left' }, 260),
  { key: 'product', title: '产品', width: 140, render: (_, line) => line.productName ?? '—' },
  { key: 'memo', title: '备注', render: (_, line) => memoText(line) },
];

const cardRows = (line: LedgerLine) => [
  { key: 'product', label: '产品', children: line.productName ?? '—' },
  { key: 'memo', label: '备注', children: memoText(line) },
];

/** The range's totals: the count, then each flow as a positive amount named with its direction (domain wording). */
function Totals({ totals, loading }: { totals: LedgerTotals | undefined; loading: boolean }) {
  const figures = totals
    ? ledgerTotalFigures(totals).map((f) => ({ key: f.key, title: f.label, text: formatYuan(f.fen) }))
    : PLACEHOLDER_FIGURES;
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }} role="list" aria-label="交易合计">
      {[{ key: 'count', title: '笔数', text: totals ? String(totals.count) : '—' }, ...figures].map(
        ({ key, title, text }) => (
          <Col key={key} xs={12} sm={8} lg={6} role="listitem">
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
        ),
      )}
    </Row>
  );
}

/** The export of the filtered range; nothing to export (or not yet known) disables it. */
function ExportButtons({ filters, count }: { filters: ExportQuery; count: number | undefined }) {
  const message = useMessage();
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
  const nothing = !count;
  const disabled = pending !== null || nothing;
  const title = nothing ? '暂无可导出的交易' : undefined;
  return (
    <Flex gap={8} wrap>
      <Button loading={pending === 'csv'} disabled={disabled} title={title} onClick={() => void run('csv')}>
        导出 CSV
      </Button>
      <Button loading={pending === 'xlsx'} disabled={disabled} title={title} onClick={() => void run('xlsx')}>
        导出 Excel
      </Button>
    </Flex>
  );
}

/** /trading/tradingRecord: the borrower's ledger, the filtered range's totals, keyset paging and export. */
export default function TradingRecordsPage() {
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<ExportQuery>({});
  const list = useRecordPages(filters, (page) => tradingRecordsQueryOptions({ ...filters, ...page }));
  const { records, phone } = list;

  return (
    <Card
      variant="borderless"
      title="交易记录"
      extra={phone ? null : <ExportButtons filters={filters} count={records.data?.totals.count} />}
    >
      <RecordFilters
        form={form}
        selects={SELECTS}
        range={{ label: '交易日期', id: 'trading-range' }}
        phone={phone}
        onChange={(values) => setFilters(toFilters(values))}
        onReset={() => setFilters({})}
      />
      {phone && (
        <div style={{ marginBottom: 16 }}>
          <ExportButtons filters={filters} count={records.data?.totals.count} />
        </div>
      )}
      <Typography.Text type="secondary">以下合计为筛选范围内全部交易（不限当前页）</Typography.Text>
      <Totals totals={records.data?.totals} loading={records.isPending} />
      <RecordList<LedgerLine>
        {...list}
        failed="交易记录加载失败"
        rowKey="id"
        columns={COLUMNS}
        scrollX={1000}
        card={(line) => <LedgerLineCard line={line} more={cardRows(line)} />}
        empty={
          <EmptyNext
            description="暂无交易记录：放款、还款与服务费缴纳都会记在这里"
            action={{ label: '去申请', to: LOAN_INFO_PATH }}
            filtered={hasFilters(filters)}
            onClearFilters={() => {
              form.resetFields();
              setFilters({});
            }}
          />
        }
      />
    </Card>
  );
}
