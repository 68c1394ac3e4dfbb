import {
  FEES_DUE_SOON_LABEL,
  FEES_OVERDUE_LABEL,
  FEES_PAID_GROSS_LABEL,
  type FeeItemView,
  type FeeTotals,
  OWED_LABEL,
  owedSentence,
} from '@loan/domain';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Flex,
  Row,
  Statistic,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { Link } from 'react-router';
import { loanRecordDetailPath } from '../../app/paths';
import { FEE_STATUS_DISPLAY, feeItemName, fen, money } from '../../components/payments/pay-labels';
import { RecordCard } from '../../components/records/RecordCard';
import { tagColumn } from '../../components/records/RecordParts';

/** A fee item the borrower may pay now: due or overdue, something still to pay. */
export const isPayable = (item: FeeItemView) =>
  (item.status === 'DUE' || item.status === 'OVERDUE') && fen(item.outstanding) > 0;

const loanPath = (item: FeeItemView) => (item.rowId === null ? null : loanRecordDetailPath(item.rowId));

function LoanName({ item }: { item: FeeItemView }) {
  const path = loanPath(item);
  const name = item.productName ?? `贷款 ${item.loanId}`;
  return path ? <Link to={path}>{name}</Link> : name;
}

const yuan = (value: string) => `${money(value)} 元`;

const TOTALS: { key: keyof FeeTotals; title: string; colour?: string }[] = [
  { key: 'owed', title: OWED_LABEL },
  { key: 'dueSoon', title: FEES_DUE_SOON_LABEL },
  { key: 'overdue', title: FEES_OVERDUE_LABEL, colour: '#cf1322' },
  { key: 'paidThisYear', title: FEES_PAID_GROSS_LABEL },
  { key: 'refunded', title: '已退款' },
];

/** The totals of the page: 待缴 (all owed), its parts due within 30 days and overdue, paid this year, refunded. */
export function FeeTotalsRow({ totals, loading }: { totals: FeeTotals | undefined; loading: boolean }) {
  return (
    <Flex vertical gap={8}>
      <Row gutter={[12, 12]} role="list" aria-label="服务费汇总">
        {TOTALS.map(({ key, title, colour }) => (
          <Col key={key} xs={12} md={8} xl={{ flex: '20%' }} role="listitem">
            <Card size="small" variant="outlined">
              <Statistic
                title={title}
                loading={loading && !totals}
                value={totals ? money(totals[key]) : '—'}
                suffix="元"
                styles={{
                  content: {
                    fontSize: 20,
                    ...(colour && totals && fen(totals[key]) > 0 ? { color: colour } : {}),
                  },
                }}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Text type="secondary" data-testid="owed-rule">
        {owedSentence()}
      </Typography.Text>
    </Flex>
  );
}

/** The amount columns; a discount or a refund that is none shows as a dash. */
const AMOUNTS: {
  key: 'amount' | 'discount' | 'paid' | 'refunded';
  title: string;
  width: number;
  dashWhenNone?: boolean;
}[] = [
  { key: 'amount', title: '金额', width: 120 },
  { key: 'discount', title: '优惠券抵扣', width: 100, dashWhenNone: true },
  { key: 'paid', title: '已缴', width: 105 },
  { key: 'refunded', title: '已退', width: 95, dashWhenNone: true },
];

interface Actions {
  onDetail: (item: FeeItemView) => void;
  onPay: (item: FeeItemView) => void;
}

export function feeColumns({ onDetail, onPay }: Actions): TableColumnsType<FeeItemView> {
  return [
    { key: 'loan', title: '贷款', fixed: 'left', width: 140, render: (_, item) => <LoanName item={item} /> },
    { key: 'name', title: '费用项', width: 120, render: (_, item) => feeItemName(item) },
    { key: 'dueDate', title: '应缴日期', dataIndex: 'dueDate', width: 105 },
    ...AMOUNTS.map(({ key, title, width, dashWhenNone }) => ({
      key,
      title,
      align: 'right' as const,
      width,
      render: (_: unknown, item: FeeItemView) =>
        dashWhenNone && fen(item[key]) <= 0 ? '—' : yuan(item[key]),
    })),
    tagColumn<FeeItemView>('status', '状态', 84, (item) => FEE_STATUS_DISPLAY[item.status]),
    {
      key: 'action',
      title: '操作',
      width: 104,
      fixed: 'right',
      render: (_, item) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => onDetail(item)}>
            详情
          </Button>
          {isPayable(item) && (
            <Button type="link" size="small" onClick={() => onPay(item)}>
              缴纳
            </Button>
          )}
        </Flex>
      ),
    },
  ];
}

/** One fee item as a card (phones), with its check box when it can be paid. */
export function FeeCard({
  item,
  selected,
  onSelect,
  onDetail,
  onPay,
}: Actions & { item: FeeItemView; selected: boolean; onSelect: (checked: boolean) => void }) {
  const payable = isPayable(item);
  return (
    <RecordCard
      title={
        <Flex align="center" gap={8}>
          {payable && (
            <Checkbox
              checked={selected}
              onChange={(e) => onSelect(e.target.checked)}
              aria-label={`选择 ${feeItemName(item)}`}
            />
          )}
          <span>{feeItemName(item)}</span>
        </Flex>
      }
      state={FEE_STATUS_DISPLAY[item.status]}
      actions={[
        <Button key="detail" type="link" onClick={() => onDetail(item)}>
          查看详情
        </Button>,
        ...(payable
          ? [
              <Button key="pay" type="link" onClick={() => onPay(item)}>
                立即缴纳
              </Button>,
            ]
          : []),
      ]}
      facts={[
        { key: 'loan', label: '贷款', children: <LoanName item={item} /> },
        { key: 'dueDate', label: '应缴日期', children: item.dueDate },
        ...AMOUNTS.flatMap(({ key, title, dashWhenNone }) =>
          dashWhenNone && fen(item[key]) <= 0 ? [] : [{ key, label: title, children: yuan(item[key]) }],
        ),
        ...(payable
          ? [
              {
                key: 'outstanding',
                label: '待缴',
                children: <Tag color="blue">{yuan(item.outstanding)}</Tag>,
              },
            ]
          : []),
      ]}
    />
  );
}
