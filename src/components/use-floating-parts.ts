/**
 * The header's language menu and colour-scheme tooltip need Mantine's floating parts (Menu,
 * Tooltip, floating-ui): about 40 KiB gzip that the public screens (the login above all) do not
 * need for their first paint. Until the parts are there, a control renders its plain button; they
 * load once the screen is idle, or at once when the button is used (a click before then opens the
 * menu when it arrives). The control keeps the focus when it is swapped for the one with its menu.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

type FloatingParts = typeof import('./floating-parts');

let loaded: FloatingParts | null = null;
let loading: Promise<FloatingParts> | null = null;

/** Loads the parts once; a failed load (offline) is tried again at the next ask. */
export function loadFloatingParts(): Promise<FloatingParts> {
  loading ??= import('./floating-parts').then(
    (parts) => (loaded = parts),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function useFloatingParts<T extends HTMLElement>() {
  const [parts, setParts] = useState<FloatingParts | null>(loaded);
  /** On the control in both forms: whether it had the focus is read before the swap. */
  const ref = useRef<T>(null);
  const refocus = useRef(false);
  const live = useRef(true);

  const request = useCallback(() => {
    void loadFloatingParts()
      .then((next) => {
        if (!live.current) return;
        refocus.current = !!ref.current && document.activeElement === ref.current;
        setParts(next);
      })
      .catch(() => undefined);
  }, []);

  useEffect(() => {
    live.current = true;
    if (parts) return;
    // Asked for already (the signed-in header asks at once): taken as soon as it is there.
    if (loading) {
      request();
      return () => {
        live.current = false;
      };
    }
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(request, { timeout: 3000 });
      return () => {
        live.current = false;
        window.cancelIdleCallback(id);
      };
    }
    const id = window.setTimeout(request, 500);
    return () => {
      live.current = false;
      window.clearTimeout(id);
    };
  }, [parts, request]);

  useLayoutEffect(() => {
    if (parts && refocus.current) {
      refocus.current = false;
      ref.current?.focus();
    }
  }, [parts]);

  return { parts, request, ref };
}
