import { useEffect, useState } from 'react';
import { UI_DEFAULTS } from './ui-defaults';

/**
 * Keeps a loading mask up for `delayMs` after loading ends (docs/PRODUCT.md §9: 400 ms), so a quick answer does not
 * make the page flicker.
 */
export function useDelayedLoading(loading: boolean, delayMs: number = UI_DEFAULTS.loadingMaskCloseDelayMs) {
  const [lingering, setLingering] = useState(loading);
  useEffect(() => {
    if (loading) {
      setLingering(true);
      return;
    }
    const timer = setTimeout(() => setLingering(false), delayMs);
    return () => clearTimeout(timer);
  }, [loading, delayMs]);
  return loading || lingering;
}
