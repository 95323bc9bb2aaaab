/**
 * A failure that no screen catches itself shows the router's default error screen: ours, in the
 * member's language, with a way back (the router's own is an English "Something went wrong!").
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyFirm } from './contract-data';
import { serveContract } from './contract-server';
import { injectSession, renderApp } from './helpers';

const broken = vi.hoisted(() => ({ now: true }));

// The customer list fails while it renders (a defect, or its code that could not be loaded) until mended.
vi.mock('../../src/features/customers/customer-list', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/features/customers/customer-list')>();
  return {
    ...original,
    CustomerListScreen: (props: Parameters<typeof original.CustomerListScreen>[0]) => {
      if (broken.now) throw new Error('rendering failed');
      return original.CustomerListScreen(props);
    },
  };
});

describe('a screen that fails where it has no error state of its own', { timeout: 40_000 }, () => {
  it('shows the translated error screen inside the layout, and "Erneut versuchen" shows the screen again', async () => {
    injectSession({ roles: ['Manager'] });
    serveContract(emptyFirm);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderApp('/customerlist');
    await screen.findByRole('heading', { name: 'Dieser Bildschirm konnte nicht angezeigt werden' }, { timeout: 15_000 });
    expect(screen.queryByText('Something went wrong!')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeInTheDocument();
    // The layout around it stays: the member can go elsewhere.
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toBeInTheDocument();
    broken.now = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kunden' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
