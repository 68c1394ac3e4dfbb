import { getUserInfo } from '../api/user-info';
import { couponsCountOf, saveCouponsCount } from './session';

/**
 * Asks the user info again and keeps its coupons count (after a payment used a coupon, or a refund gave one
 * back). Quiet: a failure leaves the count as it was.
 */
export async function refreshCouponsCount(): Promise<void> {
  try {
    const count = couponsCountOf(await getUserInfo({ silent: true }));
    if (count !== null) saveCouponsCount(count);
  } catch {
    // the count stays as it was; the next sign-in fills it again
  }
}

/** The session's coupons count as a number, or null when the server has not told it yet. */
export function couponsCountValue(stored: string | null): number | null {
  if (stored === null || stored === '') return null;
  const count = Number(stored);
  return Number.isSafeInteger(count) && count >= 0 ? count : null;
}
