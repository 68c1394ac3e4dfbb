import {
  formatPercent,
  formatYuan,
  type Instalment,
  instalmentFeeSentence,
  REPAYMENT_METHOD_LABELS,
  type RepaymentMethod,
  type Schedule,
  upfrontFeeSentence,
} from '@loan/domain';
import { Alert, Button, Descriptions, Flex, Typography } from 'antd';

/** The first and the last instalment of a schedule (the same one for a single period). */
export function firstAndLast(schedule: Schedule): { first: Instalment; last: Instalment } {
  const first = schedule.instalments[0];
  const last = schedule.instalments.at(-1);
  if (!first || !last) throw new Error('a schedule without instalments');
  return { first, last };
}

const yuan = (fen: number) => `${formatYuan(fen)} 元`;

/** What the method means for the payments, when it is not obvious from the first one. */
function methodNote(method: RepaymentMethod, schedule: Schedule): string | null {
  const { last } = firstAndLast(schedule);
  const months = schedule.instalments.length;
  if (method === 'INTEREST_FIRST' && months > 1)
    return `先息后本：前 ${months - 1} 期只还利息，末期（${last.dueDate}）一次还清本金 ${yuan(last.principalFen)}，当期应还 ${yuan(last.paymentFen)}。`;
  if (method === 'EQUAL_PRINCIPAL' && months > 1)
    return '等额本金：每期归还相同本金，利息逐期减少，每期还款逐月递减。';
  return null;
}

/** One payment with its date: the figure large, so the big one is never missed. */
function Payment({ label, instalment, testId }: { label: string; instalment: Instalment; testId: string }) {
  return (
    <Flex vertical gap={2} className="preview-payment" data-testid={testId} style={{ flex: '1 1 150px' }}>
      <Typography.Text type="secondary">
        {label} · {instalment.dueDate}
      </Typography.Text>
      <Typography.Text strong style={{ fontSize: 20 }}>
        {yuan(instalment.paymentFen)}
      </Typography.Text>
    </Flex>
  );
}

interface PreviewSummaryProps {
  amountFen: number;
  months: number;
  method: RepaymentMethod;
  schedule: Schedule;
  onShowSchedule: () => void;
}

/**
 * 还款试算 above the submit button: the totals, the first and the last payment with their dates (for 先息后本
 * the last repays the principal), and the whole schedule one click away.
 */
export function PreviewSummary({ amountFen, months, method, schedule, onShowSchedule }: PreviewSummaryProps) {
  const { first, last } = firstAndLast(schedule);
  const note = methodNote(method, schedule);
  const instalmentFee = first.feeFen;
  return (
    <section aria-label="还款试算" className="apply-preview">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        还款试算
      </Typography.Title>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'amount', label: '借款金额', children: yuan(amountFen) },
          { key: 'term', label: '借款期限', children: `${months} 个月 · ${REPAYMENT_METHOD_LABELS[method]}` },
          { key: 'interest', label: '总利息', children: yuan(schedule.totals.interestFen) },
          { key: 'fees', label: '总服务费', children: yuan(schedule.totals.feeFen) },
          { key: 'total', label: '还款总额', children: yuan(schedule.totals.paymentFen) },
          { key: 'annualised', label: '年化利率', children: formatPercent(schedule.annualisedRate) },
        ]}
      />
      <Flex gap={12} wrap style={{ marginTop: 12 }}>
        <Payment label="首期还款" instalment={first} testId="preview-first" />
        {schedule.instalments.length > 1 && (
          <Payment label="末期还款" instalment={last} testId="preview-last" />
        )}
      </Flex>
      {note && (
        <Alert
          style={{ marginTop: 12 }}
          type={method === 'INTEREST_FIRST' ? 'warning' : 'info'}
          showIcon
          title={note}
        />
      )}
      {instalmentFee > 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {instalmentFeeSentence(instalmentFee, schedule.instalments.length)}
        </Typography.Paragraph>
      )}
      {schedule.upfrontFeeFen > 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {upfrontFeeSentence(schedule.upfrontFeeFen)}该笔服务费已计入还款总额。
        </Typography.Paragraph>
      )}
      <Button type="link" style={{ paddingInline: 0, marginTop: 4 }} onClick={onShowSchedule}>
        查看完整还款计划（共 {schedule.instalments.length} 期）
      </Button>
    </section>
  );
}
