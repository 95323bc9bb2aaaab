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

/** Below this width a phone's top bar has no room for the product's name beside the connection's badge. */
const NARROW_PHONE_MAX = 479;

/** True while the window is at most a narrow phone's width (390 px and the like). */
export function useIsNarrowPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth <= NARROW_PHONE_MAX, () => false);
}
