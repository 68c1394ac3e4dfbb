import { formatYuan, OVERDUE_BUCKET_LABEL, type OverdueBucket, yuanToFen } from '@loan/domain';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { CollectionSummary } from '../../api/collections';

/** 全部 and each bucket, as a worklist's filter reads them. */
export type BucketChoice = OverdueBucket | 'ALL';

const yuan = (text: string) => formatYuan(yuanToFen(text));

/**
 * The worklist's figures: how many overdue borrowers and what they owe, in all and per bucket (M1 1–30 days …),
 * each a card that picks its bucket; the selected one is marked.
 */
export function BucketFigures({
  summary,
  selected,
  onSelect,
}: {
  summary: CollectionSummary | undefined;
  selected?: BucketChoice | undefined;
  onSelect: (choice: BucketChoice) => void;
}) {
  if (!summary) return <Skeleton active paragraph={{ rows: 2 }} />;
  const cards: Array<{ key: BucketChoice; title: string; borrowers: number; amount: string }> = [
    { key: 'ALL', title: '全部逾期', ...summary.total },
    ...summary.buckets.map((b) => ({
      key: b.bucket,
      title: OVERDUE_BUCKET_LABEL[b.bucket],
      borrowers: b.borrowers,
      amount: b.amount,
    })),
  ];
  return (
    <Row gutter={[12, 12]} role="group" aria-label="逾期阶段">
      {cards.map((card) => {
        const on = selected === card.key;
        return (
          <Col key={card.key} xs={12} sm={8} xl={4} style={{ display: 'flex' }}>
            <Card
              size="small"
              hoverable
              role="button"
              tabIndex={0}
              aria-pressed={on}
              onClick={() => onSelect(card.key)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSelect(card.key);
                }
              }}
              style={{ width: '100%', ...(on ? { borderColor: '#1366db', background: '#f0f6ff' } : {}) }}
            >
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {card.title}
              </Typography.Text>
              <div style={{ fontSize: 20, fontWeight: 600, lineHeight: '32px' }}>{card.borrowers} 人</div>
              <Typography.Text style={{ whiteSpace: 'nowrap' }}>{yuan(card.amount)} 元</Typography.Text>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
