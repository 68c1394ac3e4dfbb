import type { EnumDisplay } from '@loan/domain';
import { Button, Empty, Flex, Grid, Select, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { PAGE_SIZES } from './useKeysetPager';

const PHONE_QUERY = '(max-width: 767.98px)';

/** Phone width (< 768 px, antd's md): rows become cards. */
export function useIsPhone(): boolean {
  const screens = Grid.useBreakpoint();
  if (screens.md !== undefined) return !screens.md;
  return typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY).matches : true;
}

export function EnumTag({ display }: { display: EnumDisplay }) {
  return <Tag color={display.colour}>{display.label}</Tag>;
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
