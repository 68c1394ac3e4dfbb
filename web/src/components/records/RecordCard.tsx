import type { EnumDisplay } from '@loan/domain';
import { Card, Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { EnumTag } from './RecordParts';

/** One record of a list on a phone: its title and state tag, its facts one a row, its actions below. */
export function RecordCard({
  title,
  state,
  actions,
  facts,
}: {
  title: ReactNode;
  state: EnumDisplay;
  /** each with its key */
  actions: ReactNode[];
  facts: DescriptionsProps['items'];
}) {
  return (
    <Card size="small" title={title} extra={<EnumTag display={state} />} actions={actions}>
      <Descriptions size="small" column={1} items={facts} />
    </Card>
  );
}
