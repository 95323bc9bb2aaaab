/**
 * A header control that has the focus keeps it when it is swapped for the one with its menu
 * (src/components/use-floating-parts.ts). A file of its own: the parts load once per file.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { AppProviders } from '../../src/components/app-providers';
import { LanguageSwitch } from '../../src/components/language-switch';
import { activateLocale } from '../../src/lib/i18n';
import { createQueryClient } from '../../src/lib/query-client';

it('moves the focus to the new button when the old one had it', async () => {
  await activateLocale('de');
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <LanguageSwitch />
    </AppProviders>,
  );
  const button = () => screen.getByRole('button', { name: /Sprache/ });
  const plain = button();
  plain.focus();
  expect(document.activeElement).toBe(plain);
  // Loaded when the screen is idle (here, without requestIdleCallback: after half a second), then
  // the button is a new element, the Menu's target.
  await waitFor(() => expect(button()).not.toBe(plain));
  expect(plain.isConnected).toBe(false);
  expect(document.activeElement).toBe(button());
});
