import { Descriptions, type DescriptionsProps } from 'antd';

/** Facts as label and value, one a row, the labels never wrapped: what a dialog, a drawer or an order sums up. */
export function FactList(props: Omit<DescriptionsProps, 'size' | 'bordered' | 'column' | 'styles'>) {
  return (
    <Descriptions size="small" bordered column={1} styles={{ label: { whiteSpace: 'nowrap' } }} {...props} />
  );
}

/** Facts two to a row from the md width up and one a row below: the details of a record on a page or a card. */
export function FactGrid(props: Omit<DescriptionsProps, 'size' | 'column'>) {
  return <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} {...props} />;
}
