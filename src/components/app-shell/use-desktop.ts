import { useSyncExternalStore } from 'react';
import { isDesktopWidth } from './layout-state';

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** True while the window is wider than 991 px (the same rule the menu toggle uses). */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, () => isDesktopWidth(), () => true);
}
