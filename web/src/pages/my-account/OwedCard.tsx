import { FEES_OWED_LABEL, type OwedInstalment, type OwedOverview } from '@loan/domain';
import { Card, Col, Empty, Flex, Row, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LOAN_RECORDS_PATH, loanRecordDetailPath, SERVICE_FEES_PATH } from '../../app/paths';
import { NavButton } from '../../components/NavButton';
import { fen, money } from '../../components/payments/pay-labels';
import { ListRow } from './ListRow';
import { RepayInstalmentButton } from './RepayInstalmentButton';

/** The loan detail of an instalment (by its application row), else the loan records. */
const loanLink = (item: OwedInstalment) =>
  item.rowId === null ? LOAN_RECORDS_PATH : loanRecordDetailPath(item.rowId);

function Figure({
  label,
  value,
  note,
  danger,
  testId,
  valueTestId,
}: {
  valueTestId?: string;
  label: string;
  value: string;
  note?: ReactNode;
  danger?: boolean;
  testId: string;
}) {
  return (
    <Flex
      vertical
      gap={4}
      data-testid={testId}
      style={{
        padding: '12px 14px',
        background: danger ? '#fff2f0' : '#f5f8ff',
        borderRadius: 8,
        height: '100%',
      }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {label}
      </Typography.Text>
      <Typography.Text
        strong
        type={danger ? 'danger' : undefined}
        data-testid={valueTestId}
        style={{ fontSize: 20, lineHeight: 1.3, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography.Text>
      {note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** One instalment: which loan, which period, when, how much, with 立即还款. */
function InstalmentRow({ item, overdue }: { item: OwedInstalment; overdue: boolean }) {
  return (
    <ListRow testId={`owed-item-${item.loanId}-${item.seq}`}>
      <Flex vertical gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Link to={loanLink(item)}>
          {item.productName} · {item.bankName}
        </Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          第 {item.seq} 期 · 应还日期 {item.dueDate}
          {overdue && (
            <Tag color="red" style={{ marginInlineStart: 6 }}>
              已逾期
            </Tag>
          )}
        </Typography.Text>
        {overdue && (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="owed-item-overdue">
            逾期 {item.overdueDays} 天 · 含截至今日罚息{' '}
            <span style={{ whiteSpace: 'nowrap' }}>{money(item.penalty)} 元</span>
          </Typography.Text>
        )}
      </Flex>
      <Flex align="center" gap={12}>
        <Typography.Text strong type={overdue ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {money(item.amount)} 元
        </Typography.Text>
        <RepayInstalmentButton item={item} danger={overdue} />
      </Flex>
    </ListRow>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        {title}
      </Typography.Text>
      {children}
    </div>
  );
}

/**
 * What I owe: next due across all loans, outstanding principal, overdue with repay-now (each with its days and
 * penalty to today; the page's OverdueBanner above says it aloud), service fees due.
 */
export function OwedCard({ owed }: { owed: OwedOverview }) {
  const overdue = fen(owed.overdueAmount) > 0 || owed.overdueItems.length > 0;
  const nothing = owed.loansOutstanding === 0 && owed.feesDueCount === 0 && !overdue;
  return (
    <Card variant="borderless" title="我的待还">
      {nothing ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="暂无待还款项，当前没有未结清的贷款或待缴的服务费"
        />
      ) : (
        <Flex vertical gap={16}>
          <Row gutter={[12, 12]}>
            <Col xs={24} sm={12} lg={6}>
              <Figure
                testId="owed-next-due"
                valueTestId="owed-next-amount"
                label="下期应还"
                value={owed.nextDueDate ? `${money(owed.nextDueAmount)} 元` : '—'}
                note={owed.nextDueDate ? `应还日期 ${owed.nextDueDate}` : '暂无即将到期的分期'}
              />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Figure
                testId="owed-overdue"
                label="逾期金额"
                value={`${money(owed.overdueAmount)} 元`}
                note={
                  overdue ? (
                    <>
                      {owed.overdueItems.length} 期已逾期，含截至今日罚息{' '}
                      <span style={{ whiteSpace: 'nowrap' }}>{money(owed.overduePenalty)} 元</span>
                    </>
                  ) : (
                    '无逾期'
                  )
                }
                danger={overdue}
              />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Figure
                testId="owed-principal"
                label="未还本金"
                value={`${money(owed.outstandingPrincipal)} 元`}
                note={`${owed.loansOutstanding} 笔贷款未结清`}
              />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <Figure
                testId="owed-fees"
                label={FEES_OWED_LABEL}
                value={`${money(owed.feesDue)} 元`}
                note={owed.feesDueCount > 0 ? `${owed.feesDueCount} 笔，含未到期各期` : '无待缴服务费'}
              />
            </Col>
          </Row>
          {owed.overdueItems.length > 0 && (
            <Section title="逾期分期">
              {owed.overdueItems.map((item) => (
                <InstalmentRow key={`${item.loanId}-${item.seq}`} item={item} overdue />
              ))}
            </Section>
          )}
          {owed.nextDueItems.length > 0 && (
            <Section title={`下期应还 · ${owed.nextDueDate ?? ''}`}>
              {owed.nextDueItems.map((item) => (
                <InstalmentRow key={`${item.loanId}-${item.seq}`} item={item} overdue={false} />
              ))}
            </Section>
          )}
          {owed.feesDueCount > 0 && (
            <ListRow>
              <Typography.Text>
                {owed.feesDueCount} 笔服务费待缴，合计{' '}
                <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                  {money(owed.feesDue)} 元
                </Typography.Text>
              </Typography.Text>
              <NavButton size="small" to={SERVICE_FEES_PATH}>
                去缴费
              </NavButton>
            </ListRow>
          )}
        </Flex>
      )}
    </Card>
  );
}
