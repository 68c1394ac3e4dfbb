import type { Schedule } from '@loan/domain';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

const PrincipalInterestChart = lazy(() => import('./PrincipalInterestChart'));

/** The principal and interest chart, fetched on first use so ECharts stays out of the main bundle. */
export function ScheduleChart({ schedule }: { schedule: Schedule }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <PrincipalInterestChart schedule={schedule} />
    </Suspense>
  );
}
