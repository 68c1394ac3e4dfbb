import { startTransition, useEffect, useState } from 'react';
import { UI_DEFAULTS } from './ui-defaults';

/**
 * Keeps a loading mask up for `delayMs` after loading ends (docs/PRODUCT.md §9: 400 ms), so a quick answer does not
 * make the page flicker. The content it then reveals renders as a transition: React draws it in slices between
 * which the phone stays responsive, rather than in one long task, and the mask stays until it is drawn.
 */
export function useDelayedLoading(loading: boolean, delayMs: number = UI_DEFAULTS.loadingMaskCloseDelayMs) {
  const [lingering, setLingering] = useState(loading);
  useEffect(() => {
    if (loading) {
      setLingering(true);
      return;
    }
    const timer = setTimeout(() => startTransition(() => setLingering(false)), delayMs);
    return () => clearTimeout(timer);
  }, [loading, delayMs]);
  return loading || lingering;
}
