/**
 * Layout state of the shell, kept outside React so the toggle rules can be
 * tested on their own. `menuMode` is kept in localStorage (`fieldbook-layout`); the rest lives for
 * the page's lifetime.
 */
import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage';

type MenuMode = 'static' | 'overlay';

/** The layout configuration. Only `menuMode` can be changed in the app. */
interface LayoutConfig {
  preset: 'Aura';
  primary: 'emerald';
  surface: string | null;
  menuMode: MenuMode;
}

interface LayoutState {
  staticMenuDesktopInactive: boolean;
  overlayMenuActive: boolean;
  profileSidebarVisible: boolean;
  configSidebarVisible: boolean;
  staticMenuMobileActive: boolean;
  menuHoverActive: boolean;
}

/** Desktop means a window wider than 991 px; Mantine's `md` breakpoint is 62em. */
const DESKTOP_MIN_WIDTH = 992;

export function isDesktopWidth(width: number = window.innerWidth): boolean {
  return width > DESKTOP_MIN_WIDTH - 1;
}

export const initialLayoutState: LayoutState = {
  staticMenuDesktopInactive: false,
  overlayMenuActive: false,
  profileSidebarVisible: false,
  configSidebarVisible: false,
  staticMenuMobileActive: false,
  menuHoverActive: false,
};

/** Overlay mode flips the overlay menu; otherwise desktop flips "static inactive", phone "mobile active". */
export function toggleMenu(state: LayoutState, menuMode: MenuMode, desktop: boolean): LayoutState {
  if (menuMode === 'overlay') return { ...state, overlayMenuActive: !state.overlayMenuActive };
  if (desktop) return { ...state, staticMenuDesktopInactive: !state.staticMenuDesktopInactive };
  return { ...state, staticMenuMobileActive: !state.staticMenuMobileActive };
}

/** Closes the overlay menu, the mobile menu and the hover state. */
export function resetMenu(state: LayoutState): LayoutState {
  if (!state.overlayMenuActive && !state.staticMenuMobileActive && !state.menuHoverActive) return state;
  return { ...state, overlayMenuActive: false, staticMenuMobileActive: false, menuHoverActive: false };
}

/** Whether the side menu is on screen. */
export function isMenuVisible(state: LayoutState, menuMode: MenuMode, desktop: boolean): boolean {
  if (menuMode === 'overlay') return state.overlayMenuActive;
  return desktop ? !state.staticMenuDesktopInactive : state.staticMenuMobileActive;
}

/** Whether the menu floats over the content with a backdrop (overlay mode, or any phone). */
export function isMenuFloating(state: LayoutState, menuMode: MenuMode, desktop: boolean): boolean {
  if (menuMode === 'overlay') return state.overlayMenuActive;
  return !desktop && state.staticMenuMobileActive;
}

function readConfig(): LayoutConfig {
  let menuMode: MenuMode = 'static';
  try {
    const stored = JSON.parse(readStorage(storageKeys.layout) ?? '{}') as { menuMode?: unknown };
    if (stored.menuMode === 'overlay') menuMode = 'overlay';
  } catch {
    // Keep the default.
  }
  return { preset: 'Aura', primary: 'emerald', surface: null, menuMode };
}

interface Snapshot {
  config: LayoutConfig;
  state: LayoutState;
}

let snapshot: Snapshot | null = null;
const listeners = new Set<() => void>();

function getSnapshot(): Snapshot {
  snapshot ??= { config: readConfig(), state: initialLayoutState };
  return snapshot;
}

function set(next: Partial<Snapshot>) {
  const prev = getSnapshot();
  if ((next.state ?? prev.state) === prev.state && (next.config ?? prev.config) === prev.config) return;
  snapshot = { ...prev, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const layoutActions = {
  toggleMenu(desktop: boolean = isDesktopWidth()) {
    const { state, config } = getSnapshot();
    set({ state: toggleMenu(state, config.menuMode, desktop) });
  },
  resetMenu() {
    set({ state: resetMenu(getSnapshot().state) });
  },
  setMenuMode(menuMode: MenuMode) {
    const { config } = getSnapshot();
    if (config.menuMode === menuMode) return;
    writeStorage(storageKeys.layout, JSON.stringify({ menuMode }));
    set({ config: { ...config, menuMode }, state: resetMenu(getSnapshot().state) });
  },
  /** For tests: back to the defaults and the stored configuration. */
  reset() {
    snapshot = { config: readConfig(), state: initialLayoutState };
    for (const listener of listeners) listener();
  },
};

export function useLayout(): Snapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
