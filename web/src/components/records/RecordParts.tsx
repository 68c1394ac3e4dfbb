import { type EnumDisplay, formatYuan, type LedgerLine, yuanToFen } from '@loan/domain';
import { Button, Empty, Flex, Select, type TableColumnType, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { PAGE_SIZES } from './useKeysetPager';
import '../../app/date-locale';

export function EnumTag({ display }: { display: EnumDisplay }) {
  return <Tag color={display.colour}>{display.label}</Tag>;
}

/** A table column of a record's state (or kind) as its coloured tag. */
export function tagColumn<T>(
  key: string,
  title: string,
  width: number,
  display: (row: T) => EnumDisplay,
): TableColumnType<T> {
  return { key, title, width, render: (_, row) => <EnumTag display={display(row)} /> };
}

export const NoData = () => <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;

/** A RangePicker's value as the API's from/to ("YYYY-MM-DD"), or nothing. */
export function rangeFilter(range: readonly [Dayjs | null, Dayjs | null] | null | undefined): {
  from?: string;
  to?: string;
} {
  const [start, end] = range ?? [null, null];
  return {
    ...(start ? { from: start.format('YYYY-MM-DD') } : {}),
    ...(end ? { to: end.format('YYYY-MM-DD') } : {}),
  };
}

interface PagerProps {
  page: number;
  pageSize: number;
  hasNext: boolean;
  loading: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onPageSizeChange: (size: number) => void;
}

/** 上一页 / 第 n 页 / 下一页 and the page size: the pager of a keyset-paged list. */
export function KeysetPager({
  page,
  pageSize,
  hasNext,
  loading,
  onPrevious,
  onNext,
  onPageSizeChange,
}: PagerProps) {
  return (
    <Flex justify="flex-end" align="center" gap={8} wrap style={{ marginTop: 16 }}>
      <Button disabled={page <= 1 || loading} onClick={onPrevious}>
        上一页
      </Button>
      <Typography.Text aria-live="polite">第 {page} 页</Typography.Text>
      <Button disabled={!hasNext || loading} onClick={onNext}>
        下一页
      </Button>
      <Select
        aria-label="每页条数"
        value={pageSize}
        style={{ width: 110 }}
        options={PAGE_SIZES.map((size) => ({ value: size, label: `${size} 条/页` }))}
        onChange={onPageSizeChange}
      />
    </Flex>
  );
}

/** Yuan of the API to fen; null when it is not a yuan string. */
export function fenOf(yuan: string): number | null {
  try {
    return yuanToFen(yuan);
  } catch {
    return null;
  }
}

/** "+1,000.00" in green for money received, "-4,650.00" in red for money paid. */
export function SignedAmount({ yuan }: { yuan: string }) {
  const fen = fenOf(yuan);
  if (fen === null) return <>—</>;
  const type = fen > 0 ? 'success' : fen < 0 ? 'danger' : undefined;
  return (
    <Typography.Text type={type} strong>
      {`${fen > 0 ? '+' : ''}${formatYuan(fen)}`}
    </Typography.Text>
  );
}

const PARTS: { key: keyof Pick<LedgerLine, 'principal' | 'interest' | 'penalty' | 'fee'>; label: string }[] =
  [
    { key: 'principal', label: '本金' },
    { key: 'interest', label: '利息' },
    { key: 'penalty', label: '罚息' },
    { key: 'fee', label: '服务费' },
  ];

/** The non-zero parts of a line: "本金 4,000.00 · 利息 600.00". */
export function partsText(line: LedgerLine): string {
  const parts = PARTS.flatMap(({ key, label }) => {
    const fen = fenOf(line[key]);
    return fen ? [`${label} ${formatYuan(fen)}`] : [];
  });
  return parts.length > 0 ? parts.join(' · ') : '—';
}
