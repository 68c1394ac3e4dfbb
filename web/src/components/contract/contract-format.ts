import { formatYuan, yuanToFen } from '@loan/domain';

/** "12,345.60" from a yuan string of the API (the unit is in the label); "—" when it is not one. */
export function moneyText(yuan: string): string {
  try {
    return formatYuan(yuanToFen(yuan));
  } catch {
    return '—';
  }
}

/** The contract's bordered lists: labels on one line (a narrow column would break them a character a line). */
export const DESCRIPTION_STYLES = { label: { whiteSpace: 'nowrap' } } as const;
