/**
 * The header's language menu and colour-scheme tooltip load their floating parts after the first
 * paint (src/components/use-floating-parts.ts). Until then the plain button stands alone: a click on
 * it opens the menu once the parts are there, and a button that has the focus keeps it when it is
 * swapped for the one with the menu (floating-parts-focus.test.tsx). The order of the tests matters:
 * the parts load once per file.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../src/components/app-providers';
import { LanguageSwitch } from '../../src/components/language-switch';
import { ThemeToggle } from '../../src/components/theme-toggle';
import { activateLocale } from '../../src/lib/i18n';
import { createQueryClient } from '../../src/lib/query-client';

function renderHeader() {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <LanguageSwitch />
      <ThemeToggle />
    </AppProviders>,
  );
}

const languageButton = () => screen.getByRole('button', { name: /^DE – Sprache/ });

describe('the header controls before their floating parts are loaded', () => {
  beforeEach(async () => {
    await activateLocale('de');
  });

  it('opens the language menu that a click asked for before it was loaded', async () => {
    const user = userEvent.setup();
    renderHeader();
    // Plain at first: announced as a menu button, without a menu yet.
    expect(languageButton()).toHaveAttribute('aria-haspopup', 'menu');
    expect(languageButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(languageButton());
    expect(await screen.findByRole('menuitem', { name: 'English' })).toBeInTheDocument();
    expect(languageButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('has the menu from the first render on once the parts are loaded', async () => {
    const user = userEvent.setup();
    renderHeader();
    // Loaded by the first test: the button stays the same element, its menu is there.
    const button = languageButton();
    await user.click(button);
    expect(languageButton()).toBe(button);
    expect(await screen.findByRole('menuitem', { name: 'Deutsch' })).toBeInTheDocument();
  });
});
