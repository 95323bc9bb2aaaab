/**
 * jsdom lacks a few browser APIs Mantine relies on; stub them, add jest-dom matchers, and reset
 * the DOM and storage between tests. The API is the contract server (contract-server.ts): every
 * test starts with one that answers nothing, so no call leaves the test unchecked, and a test
 * fails when the app or its fake answers left the contract.
 */
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { reloadSession } from '../../src/lib/session';
import { endContractServer, serveContract } from './contract-server';

// Dialogs, tabs and the toasts' container load on first use (decision 0019); the first load of a
// module transforms it, which on a busy machine can outlast the default second of `findBy…` (in
// CI's node lane, beside the API tests on two cores, a dialog's first load outlasted 3 s).
configure({ asyncUtilTimeout: 10_000 });

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element, pseudo?: string | null) => getComputedStyle(element, pseudo);

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  // The OS prefers light; no query matches.
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;

// jsdom has no CSS Font Loading API; Mantine's autosizing text areas listen for fonts loaded.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });
}

window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = (() => {}) as typeof window.scrollTo;

beforeEach(() => {
  serveContract();
});

afterEach(() => {
  cleanup();
  // Toasts live in a module-level store; one test's toasts must not show in the next.
  notifications.clean();
  notifications.cleanQueue();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
  reloadSession();
  document.documentElement.className = '';
  const problems = endContractServer();
  if (problems.length > 0) throw new Error(`The app or the fake API left the contract:\n- ${problems.join('\n- ')}`);
});
