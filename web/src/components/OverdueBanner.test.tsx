import { OVERDUE_BUCKET_LABEL, type OverdueBucket } from '@loan/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OverdueBanner } from './OverdueBanner';

const banner = (days: number, instalments = 1) =>
  render(
    <OverdueBanner
      amount="123456.7"
      penalty="1234.56"
      days={days}
      instalments={instalments}
      action={<button type="button">立即还款</button>}
    />,
  );

describe('the overdue banner', () => {
  it('says what is owed today with the penalty to today, the days past due and the bucket, and what to do', () => {
    banner(22);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('您有一期还款已逾期，请尽快还款');
    expect(screen.getByTestId('overdue-amount')).toHaveTextContent(/^123,456.70 元$/);
    expect(screen.getByTestId('overdue-penalty')).toHaveTextContent(/^1,234.56 元$/);
    expect(screen.getByTestId('overdue-days')).toHaveTextContent(/^22 天$/);
    expect(screen.getByTestId('overdue-bucket')).toHaveTextContent('M1（逾期 1–30 天）');
    expect(alert).toHaveTextContent('逾期应还（含罚息）');
    expect(alert).toHaveTextContent('逾期期间按合同约定的借款年利率按日计收罚息，直至还清。');
    expect(screen.getByRole('button', { name: '立即还款' })).toBeInTheDocument();
  });

  it.each<[number, OverdueBucket]>([
    [1, 'M1'],
    [30, 'M1'],
    [31, 'M2'],
    [61, 'M3'],
    [90, 'M3'],
    [91, 'M3+'],
  ])('%i days past due: %s', (days, bucket) => {
    banner(days, 3);
    expect(screen.getByTestId('overdue-bucket')).toHaveTextContent(OVERDUE_BUCKET_LABEL[bucket]);
    expect(screen.getByRole('alert')).toHaveTextContent('您有 3 期还款已逾期，请尽快还款');
  });

  it('is not there when nothing is past due', () => {
    banner(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
