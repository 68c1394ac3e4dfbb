/**
 * An account or card number as the interface shows it: groups of four from the left, "6214 8300 1234 5678 901".
 * Masked numbers alike ("6214********5678" → "6214 **** **** 5678"); spaces already in the text are regrouped.
 */
export function formatAccountNo(value: string | null | undefined): string {
  if (!value) return '—';
  const compact = value.replace(/\s+/g, '');
  return compact.replace(/(.{4})(?=.)/g, '$1 ');
}
