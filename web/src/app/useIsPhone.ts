import { useSyncExternalStore } from 'react';

/** antd's md breakpoint: from this width on the layout is the desktop one (side menu, tables). */
const WIDE_QUERY = '(min-width: 768px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const wide = window.matchMedia(WIDE_QUERY);
  wide.addEventListener('change', onChange);
  return () => wide.removeEventListener('change', onChange);
}

const phoneNow = () => typeof window.matchMedia === 'function' && !window.matchMedia(WIDE_QUERY).matches;

/**
 * Phone width (narrower than antd's md, 768 px): the drawer menu, cards instead of rows. Read from the media query
 * itself, so the first render is already right; antd's Grid.useBreakpoint knows the width only once mounted and
 * then draws its user a second time, at once.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, phoneNow, () => false);
}
