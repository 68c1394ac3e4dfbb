import {
  APPLICATION_STATE_DISPLAY,
  type ApplicationDetail,
  type ApplicationState,
  formatDateTime,
  formatPercent,
  formatYuan,
  type ProductCard,
  REPAYMENT_METHOD_LABELS,
  type TimelineEntry,
  timelineLine,
  yuanToFen,
} from '@loan/domain';
import { Card, Descriptions, Empty, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FactGrid } from '../FactList';
import { ServiceFeeTerms } from '../fees/ServiceFeeTerms';

/** "12,345.60 元" from a yuan string of the API; "—" for null. */
export function yuanText(yuan: string | null | undefined): string {
  if (yuan === null || yuan === undefined) return '—';
  try {
    return `${formatYuan(yuanToFen(yuan))} 元`;
  } catch {
    return '—';
  }
}

const ENDED_EARLY: readonly ApplicationState[] = ['WITHDRAWN', 'CANCELLED'];

/** A decimal-string rate of the API ("0.168") as a percentage ("16.80%"). */
export const rateText = (rate: string) => formatPercent(Number(rate));

export function ApplicationStateTag({ state }: { state: ApplicationState }) {
  const display = APPLICATION_STATE_DISPLAY[state];
  return <Tag color={display.colour}>{display.label}</Tag>;
}

/**
 * The application at a glance: bank and product, its state, number, amount, term and one time (submitted or
 * created), then whatever the page adds (the decision, the cancel action). `status` replaces the state's tag: once
 * the application is a loan, the loan's status (还款中) is the one to show, not 已放款 beside it.
 */
export function ApplicationCard({
  detail: { application, product },
  time,
  status,
  children,
}: {
  detail: Pick<ApplicationDetail, 'application' | 'product'>;
  time: { label: string; iso: string | null };
  status?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card
      title={`${application.bankName} · ${product.name}`}
      extra={status ?? <ApplicationStateTag state={application.state} />}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'rowId', label: '申请编号', children: application.rowId },
          { key: 'amount', label: '申请金额', children: yuanText(application.amount) },
          {
            key: 'term',
            label: '借款期限',
            children: application.termMonths ? `${application.termMonths} 个月` : '—',
          },
          { key: 'time', label: time.label, children: formatDateTime(time.iso) },
        ]}
      />
      {children}
    </Card>
  );
}

/** What a product costs and allows: the figures a borrower compares. */
export function ProductSummary({ product }: { product: ProductCard }) {
  const annualised =
    product.annualisedRateMin === product.annualisedRateMax
      ? rateText(product.annualisedRateMin)
      : `${rateText(product.annualisedRateMin)} ~ ${rateText(product.annualisedRateMax)}`;
  return (
    <FactGrid
      bordered
      items={[
        { key: 'bank', label: '合作机构', children: product.bankName },
        { key: 'name', label: '产品', children: product.name },
        { key: 'rate', label: '名义年利率', children: rateText(product.annualRate) },
        { key: 'annualised', label: '年化利率', children: annualised },
        { key: 'method', label: '还款方式', children: REPAYMENT_METHOD_LABELS[product.method] },
        {
          key: 'fee',
          label: '服务费',
          children: <ServiceFeeTerms fee={product.serviceFee} />,
        },
        {
          key: 'amount',
          label: '额度范围',
          children: `${yuanText(product.minAmount)} ~ ${yuanText(product.maxAmount)}`,
        },
        { key: 'terms', label: '期限', children: `${product.terms.join('、')} 个月` },
      ]}
    />
  );
}

/**
 * The application's history: when (Beijing time), who, what, the state it led to (unless its name only repeats
 * the action) and its text: a 原因 for a refusal or an early end, a 说明 for anything else.
 */
export function ApplicationTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无进度记录" />;
  return (
    <Timeline
      items={entries.map((entry, index) => {
        const line = timelineLine(entry);
        return {
          key: `${entry.at}-${index}`,
          color: entry.toState === 'REJECTED' ? 'red' : ENDED_EARLY.includes(entry.toState) ? 'gray' : 'blue',
          title: formatDateTime(entry.at),
          content: (
            <>
              <Typography.Text strong>
                {line.actor}：{line.action}
              </Typography.Text>
              {line.state && (
                <>
                  {' '}
                  <ApplicationStateTag state={line.state} />
                </>
              )}
              {line.note && (
                <div>
                  <Typography.Text type="secondary">{line.note}</Typography.Text>
                </div>
              )}
            </>
          ),
        };
      })}
    />
  );
}
