import { Button, Empty } from 'antd';
import { NavButton } from '../NavButton';

/** Whether any filter is set (an empty value is no filter). */
export const hasFilters = (filters: object): boolean =>
  Object.values(filters).some((v) => v !== undefined && v !== null && v !== '');

interface Props {
  /** what the list would hold, said when there is nothing at all */
  description: string;
  /** the next step when there is nothing at all */
  action: { label: string; to: string };
  /** filters are set: the way on is to clear them */
  filtered: boolean;
  onClearFilters: () => void;
}

/** An empty list that says why it is empty and offers the way on: clearing the filters, or the next step. */
export function EmptyNext({ description, action, filtered, onClearFilters }: Props) {
  if (filtered) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合筛选条件的记录">
        <Button onClick={onClearFilters}>清除筛选</Button>
      </Empty>
    );
  }
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      <NavButton to={action.to}>{action.label}</NavButton>
    </Empty>
  );
}
