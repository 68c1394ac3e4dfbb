import { theme } from 'antd';
import type { ReactNode } from 'react';

interface AmountItem {
  key: string;
  label: string;
  value: ReactNode;
}

/**
 * Labelled figures two to a row, each label above its amount: how a table row's money columns read on a phone,
 * where the row itself has become a card.
 */
export function AmountGrid({ items }: { items: readonly AmountItem[] }) {
  const { token } = theme.useToken();
  return (
    <dl
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        gap: '8px 16px',
        margin: 0,
      }}
    >
      {items.map((item) => (
        <div key={item.key} style={{ minWidth: 0 }}>
          <dt style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{item.label}</dt>
          <dd style={{ margin: 0, overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
