import { useQuery } from '@tanstack/react-query';
import { Alert, Card } from 'antd';
import { useNavigate } from 'react-router';
import { collectionSummaryQuery } from '../../api/collections';
import { BucketFigures } from './BucketFigures';

/** 催收概况 on the home page: the overdue borrowers and amounts per bucket; a figure opens its worklist. */
export function CollectionFiguresCard() {
  const summary = useQuery(collectionSummaryQuery());
  const navigate = useNavigate();
  return (
    <Card title="催收概况" extra={summary.data ? `计至 ${summary.data.asOf}` : null}>
      {summary.isError ? (
        <Alert type="error" showIcon title={(summary.error as Error).message} />
      ) : (
        <BucketFigures
          summary={summary.data}
          onSelect={(choice) => navigate(choice === 'ALL' ? '/collections' : `/collections?bucket=${choice}`)}
        />
      )}
    </Card>
  );
}
