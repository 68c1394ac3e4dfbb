import { Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useDelayedLoading } from '../app/useDelayedLoading';

/**
 * A page's one placeholder while the calls it draws with are out: as tall as a screen, so the footer stays below
 * it and nothing on screen moves when the page replaces it.
 */
export function PagePlaceholder() {
  return (
    <Card variant="borderless" className="page-placeholder">
      <Skeleton active paragraph={{ rows: 6 }} />
    </Card>
  );
}

/**
 * Whether a page that draws its cards together may draw them: not while any of its first calls is out, nor for
 * the loading mask's close delay after (useDelayedLoading; the cards then render as a transition, in slices, the
 * placeholder kept until they are drawn); then for good, so that a card's own refetch (a failed call tried again)
 * does not bring the placeholder back. Answers already in the cache draw the cards at once.
 */
export function usePageCallsSettled(calls: ReadonlyArray<{ isPending: boolean }>): boolean {
  const waiting = useDelayedLoading(calls.some((call) => call.isPending));
  const [settled, setSettled] = useState(false);
  if (!settled && !waiting) setSettled(true);
  return settled;
}
