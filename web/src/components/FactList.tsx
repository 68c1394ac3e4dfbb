import { Descriptions, type DescriptionsProps } from 'antd';

/** Facts as label and value, one a row, the labels never wrapped: what a dialog, a drawer or an order sums up. */
export function FactList(props: Omit<DescriptionsProps, 'size' | 'bordered' | 'column' | 'styles'>) {
  return (
    <Descriptions size="small" bordered column={1} styles={{ label: { whiteSpace: 'nowrap' } }} {...props} />
  );
}
