/**
 * The state of a dialog whose code loads when it is first opened: whether it is open, and whether
 * it was ever opened (from then on it stays mounted, so it can animate its closing and keeps its
 * loaded code).
 *
 * With `preload`, the code is asked for once the screen is idle: it stays out of what the screen
 * needs for its first paint (the route's budget, scripts/check-bundle-size.mjs), and is usually
 * there before the first click. `preload` must be stable (a module-level function).
 */
import { useCallback, useEffect, useState } from 'react';

export function useLazyDialog(preload?: () => Promise<unknown>) {
  const [opened, setOpened] = useState(false);
  const mounted = useMountedOnce(opened);
  const open = useCallback(() => setOpened(true), []);
  const close = useCallback(() => setOpened(false), []);
  useIdlePreload(preload);
  return { opened, mounted, open, close };
}

/**
 * Whether a lazily loaded dialog is to be rendered, for dialogs whose open state is kept elsewhere
 * (what they edit): true from the first time `open` is true on.
 */
export function useMountedOnce(open: boolean): boolean {
  const [mounted, setMounted] = useState(open);
  // Derived during render (React re-renders at once), so the first opening needs no extra pass.
  if (open && !mounted) setMounted(true);
  return mounted || open;
}

/**
 * Runs `callback` once the browser is idle (at the latest after 3 s), or after `fallbackMs` where
 * there is no `requestIdleCallback` (Safari); returns the cancel.
 */
export function whenIdle(callback: () => void, fallbackMs = 1000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, fallbackMs);
  return () => window.clearTimeout(id);
}

/** Asks for code once the screen is idle (see above); `preload` must be stable. */
export function useIdlePreload(preload?: () => Promise<unknown>) {
  useEffect(() => {
    if (!preload) return;
    // A failed preload is no error: opening the dialog asks again, and shows the failure there.
    return whenIdle(() => void preload().catch(() => undefined));
  }, [preload]);
}
