import { formatYuan, yuanToFen } from '@loan/domain';

/** "12,345.60" from a yuan string of the API (the unit is in the label); "—" when it is not one. */
export function moneyText(yuan: string): string {
  try {
    return formatYuan(yuanToFen(yuan));
  } catch {
    return '—';
  }
}

/** A Shanghai date "2026-03-20" as "2026年3月20日". */
export function dateText(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  return `${match[1]}年${Number(match[2])}月${Number(match[3])}日`;
}

/** The contract's bordered lists: labels on one line (a narrow column would break them a character a line). */
export const DESCRIPTION_STYLES = { label: { whiteSpace: 'nowrap' } } as const;
