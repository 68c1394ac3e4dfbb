import type { FeeItemView, FeeListQuery } from '@loan/domain';
import { FEE_ITEM_STATUSES, type FeeItemStatus, formatYuan } from '@loan/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { feeListQueryOptions } from '../../api/fees';
import { loanRecordsQueryOptions } from '../../api/loans';
import { useMessage } from '../../app/feedback';
import { LOAN_INFO_PATH } from '../../app/paths';
import { FEE_STATUS_DISPLAY, fen, money } from '../../components/payments/pay-labels';
import { EmptyNext, hasFilters } from '../../components/records/EmptyNext';
import { RecordFilters } from '../../components/records/RecordFilters';
import { RecordList } from '../../components/records/RecordList';
import { rangeFilter } from '../../components/records/RecordParts';
import { useRecordPages } from '../../components/records/useRecordPages';
import { FeeDetailDrawer } from './FeeDetailDrawer';
import { FeeCard, FeeTotalsRow, feeColumns, isPayable } from './FeeParts';
import { PayFeesModal } from './PayFeesModal';

const STATUS_OPTIONS = FEE_ITEM_STATUSES.map((value) => ({ value, label: FEE_STATUS_DISPLAY[value].label }));

interface FilterValues {
  status?: FeeItemStatus;
  loanId?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}
type Filters = Pick<FeeListQuery, 'status' | 'loanId' | 'dateFrom' | 'dateTo'>;

function toFilters(values: FilterValues): Filters {
  const { from, to } = rangeFilter(values.range);
  return {
    ...(values.status ? { status: values.status } : {}),
    ...(values.loanId ? { loanId: values.loanId } : {}),
    ...(from ? { dateFrom: from } : {}),
    ...(to ? { dateTo: to } : {}),
  };
}

/** The borrower's loans for the loan filter: each disbursed one as "产品 · 金额". */
function useLoanOptions() {
  const query = { limit: 100 };
  const loans = useQuery(loanRecordsQueryOptions(query));
  return (loans.data?.items ?? []).flatMap((item) =>
    item.loanId === null
      ? []
      : [{ value: item.loanId, label: `${item.productName} · ${money(item.amount)} 元` }],
  );
}

/**
 * /service/serviceDetail: the totals (due now, overdue, paid this year, refunded), the fee items filtered and
 * paged by keyset, a detail with its payments and refunds, and paying one or several due items together.
 */
export default function ServiceFeesPage() {
  const [form] = Form.useForm<FilterValues>();
  const [params] = useSearchParams();
  // ?loanId= (from a loan's detail): the list starts filtered to that loan
  const [initial] = useState<FilterValues>(() => {
    const loanId = Number(params.get('loanId'));
    return Number.isSafeInteger(loanId) && loanId > 0 ? { loanId } : {};
  });
  const [filters, setFilters] = useState<Filters>(() => toFilters(initial));
  const list = useRecordPages(filters, ({ limit, ...page }) =>
    feeListQueryOptions({ ...filters, pageSize: limit, ...page }),
  );
  const { records, phone } = list;
  const message = useMessage();
  const loanOptions = useLoanOptions();
  const [selected, setSelected] = useState<Map<number, FeeItemView>>(new Map());
  const [detail, setDetail] = useState<FeeItemView | null>(null);
  const [paying, setPaying] = useState<FeeItemView[] | null>(null);

  const chosen = useMemo(() => [...selected.values()], [selected]);
  const chosenLoan = chosen[0]?.loanId ?? null;
  /** payable, and of the loan already chosen: one order pays the fees of one loan */
  const selectable = (item: FeeItemView) =>
    isPayable(item) && (chosenLoan === null || item.loanId === chosenLoan);
  const select = (item: FeeItemView, checked: boolean) => {
    if (checked && !selectable(item)) {
      if (isPayable(item)) message.warning('一次只能缴纳同一笔贷款的服务费');
      return;
    }
    setSelected((current) => {
      const next = new Map(current);
      if (checked) next.set(item.feeId, item);
      else next.delete(item.feeId);
      return next;
    });
  };
  const chosenFen = chosen.reduce((sum, item) => sum + fen(item.outstanding), 0);
  const openPay = (items: FeeItemView[]) => {
    setDetail(null);
    setPaying(items);
  };
  const actions = { onDetail: setDetail, onPay: (item: FeeItemView) => openPay([item]) };
  const columns = feeColumns(actions);

  return (
    <Flex vertical gap={16}>
      <FeeTotalsRow totals={records.data?.totals} loading={records.isPending} />
      <Card variant="borderless" title="服务费明细">
        <RecordFilters
          form={form}
          initialValues={initial}
          selects={[
            {
              name: 'status',
              label: '状态',
              id: 'fee-status',
              placeholder: '全部状态',
              options: STATUS_OPTIONS,
              lg: 5,
            },
            {
              name: 'loanId',
              label: '贷款',
              id: 'fee-loan',
              placeholder: '全部贷款',
              options: loanOptions,
              lg: 7,
            },
          ]}
          range={{ label: '应缴日期', id: 'fee-range' }}
          phone={phone}
          onChange={(values) => setFilters(toFilters(values))}
          onReset={() => setFilters({})}
        />
        {chosen.length > 0 && (
          <Alert
            type="info"
            style={{ marginBottom: 16 }}
            title={`已选 ${chosen.length} 笔，合计 ${formatYuan(chosenFen)} 元`}
            action={
              <Flex gap={8} wrap>
                <Button size="small" onClick={() => setSelected(new Map())}>
                  清空
                </Button>
                <Button size="small" type="primary" onClick={() => openPay(chosen)}>
                  缴纳所选
                </Button>
              </Flex>
            }
          />
        )}
        <RecordList<FeeItemView>
          {...list}
          failed="服务费加载失败"
          rowKey="feeId"
          columns={columns}
          scrollX={1000}
          rowSelection={{
            selectedRowKeys: chosen.map((item) => item.feeId),
            getCheckboxProps: (item) => ({
              disabled: !selected.has(item.feeId) && !selectable(item),
              'aria-label': `选择第 ${item.seq} 期`,
            }),
            onSelect: (item, checked) => select(item, checked),
            hideSelectAll: true,
          }}
          empty={
            <EmptyNext
              description="暂无服务费：借款放款后，各笔服务费在此列出"
              action={{ label: '去申请', to: LOAN_INFO_PATH }}
              filtered={hasFilters(filters)}
              onClearFilters={() => {
                form.resetFields();
                setFilters({});
              }}
            />
          }
          card={(item) => (
            <FeeCard
              item={item}
              selected={selected.has(item.feeId)}
              onSelect={(checked) => select(item, checked)}
              {...actions}
            />
          )}
          note={
            <Typography.Text type="secondary" style={{ textAlign: 'right', marginTop: 8 }}>
              按应缴日期排列；可勾选多笔待缴服务费一并缴纳
            </Typography.Text>
          }
        />
      </Card>
      <FeeDetailDrawer
        item={detail}
        phone={phone}
        onClose={() => setDetail(null)}
        onPay={(item) => openPay([item])}
      />
      {paying && (
        <PayFeesModal
          items={paying}
          onClose={() => {
            setPaying(null);
            setSelected(new Map());
          }}
        />
      )}
    </Flex>
  );
}
