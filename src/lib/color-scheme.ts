/**
 * Colour scheme: cycles dark → light → auto → dark, kept in localStorage under
 * `fieldbook-color-scheme` ('dark' | 'light' | 'auto', default 'auto'). index.html applies it before
 * the first paint; at runtime Mantine's manager keeps the value and `useAppDarkClass` keeps the
 * `app-dark` class on <html> in sync, following the OS while in auto.
 */
import {
  localStorageColorSchemeManager,
  useComputedColorScheme,
  type MantineColorScheme,
} from '@mantine/core';
import { useLayoutEffect } from 'react';
import { storageKeys } from './storage';

export type ColorSchemeMode = MantineColorScheme;

const DARK_CLASS = 'app-dark';

export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.colorScheme });

const order: Record<ColorSchemeMode, ColorSchemeMode> = { dark: 'light', light: 'auto', auto: 'dark' };

export function nextColorScheme(mode: ColorSchemeMode): ColorSchemeMode {
  return order[mode];
}

function applyDarkClass(dark: boolean): void {
  document.documentElement.classList.toggle(DARK_CLASS, dark);
}

/** Keeps `app-dark` on <html> in line with the resolved scheme (including OS changes in auto). */
export function useAppDarkClass(): void {
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useLayoutEffect(() => {
    applyDarkClass(computed === 'dark');
  }, [computed]);
}
