import type { Database } from '../../db/client.ts';
import { type CouponIssue, issueCoupon } from './issue.ts';

const DAY_MS = 86_400_000;

type DemoCoupon = Omit<CouponIssue, 'userId' | 'source' | 'validFrom' | 'validUntil'> & {
  /** days from now the window starts (negative: in the past) */
  fromDays?: number;
  /** days from now the window ends */
  untilDays: number;
};

const none = { amountOffFen: null, thresholdFen: null, percentOff: null, capFen: null };

/** The demo borrower's coupons: a few of each kind, one ending within 3 days, one expired. */
const DEMO_COUPONS: readonly DemoCoupon[] = [
  {
    ...none,
    kind: 'AMOUNT_OFF',
    title: '服务费满减券',
    amountOffFen: 2_000,
    thresholdFen: 10_000,
    untilDays: 30,
  },
  { ...none, kind: 'AMOUNT_OFF', title: '限时立减券', amountOffFen: 500, thresholdFen: 0, untilDays: 2 },
  {
    ...none,
    kind: 'AMOUNT_OFF',
    title: '上月满减券',
    amountOffFen: 1_000,
    thresholdFen: 5_000,
    fromDays: -40,
    untilDays: -5,
  },
  { ...none, kind: 'PERCENT_OFF', title: '服务费八折券', percentOff: 20, capFen: 5_000, untilDays: 60 },
  {
    ...none,
    kind: 'PERCENT_OFF',
    title: '广发银行专享九折券',
    percentOff: 10,
    capFen: null,
    untilDays: 30,
    scope: 'BANKS',
    scopeValues: ['CGB'],
  },
  { ...none, kind: 'FREE_FEE', title: '免一期服务费券', untilDays: 45 },
  { ...none, kind: 'FREE_FEE', title: '周年免服务费券', fromDays: -60, untilDays: -1 },
];

/** Issues the demo coupons to a newly created demo borrower. */
export async function seedDemoCoupons(db: Database, userId: number, now: Date): Promise<void> {
  for (const { fromDays, untilDays, ...coupon } of DEMO_COUPONS) {
    await issueCoupon(
      db,
      {
        ...coupon,
        userId,
        source: 'DEMO',
        issuedBy: 'seed',
        validFrom: new Date(now.getTime() + (fromDays ?? 0) * DAY_MS),
        validUntil: new Date(now.getTime() + untilDays * DAY_MS),
      },
      now,
    );
  }
}
