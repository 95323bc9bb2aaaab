/**
 * Dialogs whose code loads after their screen (src/lib/use-lazy-dialog.ts): mounted from the first
 * opening on, and their code asked for once the screen is idle, once, and not after the screen left.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIdlePreload, useLazyDialog, useMountedOnce } from '../../src/lib/use-lazy-dialog';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useLazyDialog', () => {
  it('mounts at the first opening and stays mounted when closed', () => {
    const { result } = renderHook(() => useLazyDialog());
    expect(result.current).toMatchObject({ opened: false, mounted: false });
    act(() => result.current.open());
    expect(result.current).toMatchObject({ opened: true, mounted: true });
    act(() => result.current.close());
    expect(result.current).toMatchObject({ opened: false, mounted: true });
  });

  it('asks for the code once the screen is idle, once', async () => {
    const preload = vi.fn(() => Promise.resolve());
    const { rerender } = renderHook(() => useLazyDialog(preload));
    expect(preload).not.toHaveBeenCalled();
    await act(async () => vi.runAllTimers());
    rerender();
    await act(async () => vi.runAllTimers());
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing when the screen left before it was idle, or without a preload', async () => {
    const preload = vi.fn(() => Promise.resolve());
    const { unmount } = renderHook(() => useIdlePreload(preload));
    unmount();
    renderHook(() => useIdlePreload(undefined));
    await act(async () => vi.runAllTimers());
    expect(preload).not.toHaveBeenCalled();
  });

  it('takes a failed preload quietly (opening the dialog asks again)', async () => {
    const preload = vi.fn(() => Promise.reject(new Error('offline')));
    renderHook(() => useIdlePreload(preload));
    await act(async () => vi.runAllTimers());
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it('keeps a dialog whose open state lives elsewhere mounted from its first opening on', () => {
    const { result, rerender } = renderHook(({ open }) => useMountedOnce(open), { initialProps: { open: false } });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });
});
