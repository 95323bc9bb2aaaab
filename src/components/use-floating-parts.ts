/**
 * The header's language menu and colour-scheme tooltip need Mantine's floating parts (Menu,
 * Tooltip, floating-ui): about 40 KiB gzip that the public screens (the login above all) do not
 * need for their first paint. Until the parts are there, a control renders its plain button; they
 * load once the screen is idle, or at once when the button is used (a click before then opens the
 * menu when it arrives). The control keeps the focus when it is swapped for the one with its menu.
 * The signed-in header loads the parts with its own menus anyway and hands them down
 * (`FloatingPartsProvider`): there the controls have them from their first render.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { whenIdle } from '../lib/use-lazy-dialog';

type FloatingParts = typeof import('./floating-parts');

const Provided = createContext<FloatingParts | null>(null);

/** Hands parts loaded with the screen to the controls below it. */
export const FloatingPartsProvider = Provided.Provider;

let loaded: FloatingParts | null = null;
let loading: Promise<FloatingParts> | null = null;

/** Loads the parts once; a failed load (offline) is tried again at the next ask. */
function loadFloatingParts(): Promise<FloatingParts> {
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
  const provided = useContext(Provided);
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
    if (parts || provided) return;
    const cancel = whenIdle(request, 500);
    return () => {
      live.current = false;
      cancel();
    };
  }, [parts, provided, request]);

  useLayoutEffect(() => {
    if (parts && refocus.current) {
      refocus.current = false;
      ref.current?.focus();
    }
  }, [parts]);

  return { parts: provided ?? parts, request, ref };
}
