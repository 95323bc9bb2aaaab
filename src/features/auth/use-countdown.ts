/**
 * A countdown in whole seconds, e.g. until the confirmation mail may be sent again. The end time
 * can be kept in sessionStorage under `storageKey`, so a reload does not reset it.
 */
import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `until` (ms since the epoch); never negative. */
export function secondsUntil(until: number | null, now: number = Date.now()): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

function readUntil(key?: string): number | null {
  if (!key) return null;
  try {
    const value = Number(window.sessionStorage.getItem(key));
    return Number.isFinite(value) && value > Date.now() ? value : null;
  } catch {
    return null;
  }
}

function writeUntil(key: string | undefined, until: number | null) {
  if (!key) return;
  try {
    if (until === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, String(until));
  } catch {
    // Without storage the countdown lives as long as the page.
  }
}

export function useCountdown(storageKey?: string) {
  const [until, setUntil] = useState<number | null>(() => readUntil(storageKey));
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(until, now);

  useEffect(() => {
    if (until === null) return;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        setUntil(null);
        writeUntil(storageKey, null);
      }
    };
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [until, storageKey]);

  const start = useCallback(
    (seconds: number) => {
      const next = seconds > 0 ? Date.now() + seconds * 1000 : null;
      setNow(Date.now());
      setUntil(next);
      writeUntil(storageKey, next);
    },
    [storageKey],
  );

  return { secondsLeft: left, running: left > 0, start };
}
