import {
  CLOSING_BALANCE_LABEL,
  STATEMENT_TITLE,
  type StatementSummary,
  statementMonthLabel,
  statementScheduleSentence,
} from '@loan/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { downloadStatementPdf, statementListQueryOptions } from '../../api/statements';
import { LoadError } from '../../components/LoadError';
import { PdfButton } from '../../components/PdfButton';
import { money } from '../../components/payments/pay-labels';
import { ListRow } from './ListRow';

function StatementRow({ statement }: { statement: StatementSummary }) {
  const month = statementMonthLabel(statement.month);
  const next = statement.nextDueDate
    ? `下一还款日 ${statement.nextDueDate}，应还 ${money(statement.nextDueAmount)} 元`
    : '暂无待还的期次';
  return (
    <ListRow component="li" testId={`statement-${statement.month}`}>
      <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
        <Typography.Text strong>{month}</Typography.Text>
        <span>
          <Typography.Text type="secondary">{CLOSING_BALANCE_LABEL} </Typography.Text>
          <span data-testid="statement-closing">{money(statement.closing)} 元</span>
        </span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {next}
        </Typography.Text>
      </Flex>
      <PdfButton
        size="small"
        ariaLabel={`下载 ${month}对账单 PDF`}
        fetchPdf={() => downloadStatementPdf(statement.id, statement.month)}
      >
        下载 PDF
      </PdfButton>
    </ListRow>
  );
}

/**
 * 月度对账单 in My account: the statements made on each 1st (month, closing balance, next due), newest first, a
 * year at a time, each downloadable as its PDF; before the first one, when they come.
 */
export function StatementsCard() {
  const list = useInfiniteQuery(statementListQueryOptions());

  let body: React.ReactNode;
  if (list.isPending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (list.isError) body = <LoadError query={list} failed={'对账单加载失败'} />;
  else {
    const items = list.data.pages.flatMap((page) => page.items);
    body =
      items.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={4}>
              <span>暂无对账单</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {statementScheduleSentence()}
              </Typography.Text>
            </Flex>
          }
        />
      ) : (
        <>
          <ul aria-label={STATEMENT_TITLE} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((statement) => (
              <StatementRow key={statement.id} statement={statement} />
            ))}
          </ul>
          {list.hasNextPage && (
            <Flex justify="center" style={{ marginTop: 12 }}>
              <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                更早的对账单
              </Button>
            </Flex>
          )}
        </>
      );
  }
  return (
    <Card variant="borderless" title={STATEMENT_TITLE}>
      {body}
    </Card>
  );
}
