import { Flex } from 'antd';
import type { ReactNode } from 'react';

/** A row of a card's list, ruled above: what it is on the left, its figure, tag or action on the right. */
export function ListRow({
  component,
  testId,
  children,
}: {
  component?: 'li';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Flex
      justify="space-between"
      align="center"
      gap={8}
      wrap
      component={component}
      data-testid={testId}
      style={{ padding: '10px 0', borderTop: '1px solid #f0f0f0' }}
    >
      {children}
    </Flex>
  );
}
