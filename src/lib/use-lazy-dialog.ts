/**
 * The state of a dialog whose code loads when it is first opened: whether it is open, and whether
 * it was ever opened (from then on it stays mounted, so it can animate its closing and keeps its
 * loaded code).
 */
import { useCallback, useState } from 'react';

export function useLazyDialog() {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const open = useCallback(() => {
    setOpened(true);
    setMounted(true);
  }, []);
  const close = useCallback(() => setOpened(false), []);
  return { opened, mounted, open, close };
}
