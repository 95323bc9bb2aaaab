import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/components/app-providers';
import { ThemeToggle } from '../../src/components/theme-toggle';
import { FloatingPartsProvider } from '../../src/components/use-floating-parts';
import { nextColorScheme } from '../../src/lib/color-scheme';
import { activateLocale } from '../../src/lib/i18n';
import { createQueryClient } from '../../src/lib/query-client';

const KEY = 'fieldbook-color-scheme';

let parts: typeof import('../../src/components/floating-parts');

/**
 * With its tooltip parts handed down, as the signed-in header does: the button is the same element
 * from the first render on. Without them the button is swapped for the one with the tooltip when
 * the parts arrive, and on a busy machine that can fall between finding the button and clicking it
 * (the click then lands on the old, detached one); floating-parts.test.tsx covers that swap.
 */
function renderToggle() {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <FloatingPartsProvider value={parts}>
        <ThemeToggle />
      </FloatingPartsProvider>
    </AppProviders>,
  );
}

describe('theme toggle', () => {
  beforeAll(async () => {
    parts = await import('../../src/components/floating-parts');
  });

  beforeEach(async () => {
    await activateLocale('en');
  });

  it('cycles dark → light → auto → dark', () => {
    expect(nextColorScheme('dark')).toBe('light');
    expect(nextColorScheme('light')).toBe('auto');
    expect(nextColorScheme('auto')).toBe('dark');
  });

  it('starts in auto, then sets and removes app-dark while cycling, keeping the mode in localStorage', async () => {
    const user = userEvent.setup();
    renderToggle();
    const root = document.documentElement;

    let button = screen.getByRole('button', { name: /colour scheme: automatic \(system\)\. click for dark/i });
    expect(root).not.toHaveClass('app-dark');

    await user.click(button);
    expect(window.localStorage.getItem(KEY)).toBe('dark');
    expect(root).toHaveClass('app-dark');
    expect(root).toHaveAttribute('data-mantine-color-scheme', 'dark');
    button = screen.getByRole('button', { name: /colour scheme: dark\. click for light/i });

    await user.click(button);
    expect(window.localStorage.getItem(KEY)).toBe('light');
    expect(root).not.toHaveClass('app-dark');
    button = screen.getByRole('button', { name: /colour scheme: light\. click for automatic/i });

    await user.click(button);
    expect(window.localStorage.getItem(KEY)).toBe('auto');
    // The OS prefers light in the test setup, so auto resolves to light.
    expect(root).not.toHaveClass('app-dark');
    expect(screen.getByRole('button', { name: /click for dark/i })).toBeInTheDocument();
  });

  it('applies a stored dark mode at start', () => {
    window.localStorage.setItem(KEY, 'dark');
    renderToggle();
    expect(document.documentElement).toHaveClass('app-dark');
    expect(screen.getByRole('button', { name: /colour scheme: dark/i })).toBeInTheDocument();
  });

  it('names the modes in German', async () => {
    await activateLocale('de');
    renderToggle();
    expect(i18n.locale).toBe('de');
    expect(screen.getByRole('button', { name: /farbschema: automatisch \(system\)\. klicken für dunkel/i })).toBeInTheDocument();
  });
});
