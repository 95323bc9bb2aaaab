/** The countdown of "send the confirmation link again". */
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryAfterSeconds } from '../../src/features/auth/resend-confirmation';
import { secondsUntil, useCountdown } from '../../src/features/auth/use-countdown';
import { apiErrorFromResponse } from '../../src/lib/api-error';
import { authSession, emptyFirm } from './contract-data';
import { errorEnvelope, failure, serveContract } from './contract-server';
import { injectSession, makeJwt, renderApp } from './helpers';

afterEach(() => {
  vi.useRealTimers();
});

describe('secondsUntil', () => {
  it('rounds up to whole seconds and never goes below zero', () => {
    expect(secondsUntil(null, 1_000)).toBe(0);
    expect(secondsUntil(61_000, 1_000)).toBe(60);
    expect(secondsUntil(1_500, 1_000)).toBe(1);
    expect(secondsUntil(1_000, 5_000)).toBe(0);
  });
});

describe('useCountdown', () => {
  it('counts down once a second and stops at zero', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(result.current).toMatchObject({ secondsLeft: 0, running: false });
    act(() => result.current.start(3));
    expect(result.current).toMatchObject({ secondsLeft: 3, running: true });
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current.secondsLeft).toBe(2);
    act(() => void vi.advanceTimersByTime(2_000));
    expect(result.current).toMatchObject({ secondsLeft: 0, running: false });
  });

  it('survives a reload through sessionStorage', () => {
    vi.useFakeTimers();
    const first = renderHook(() => useCountdown('test-countdown'));
    act(() => first.result.current.start(30));
    first.unmount();
    act(() => void vi.advanceTimersByTime(10_000));
    const second = renderHook(() => useCountdown('test-countdown'));
    expect(second.result.current.secondsLeft).toBe(20);
  });
});

describe('retryAfterSeconds', () => {
  it('reads meta.retryAfterSeconds of a 429, else the Retry-After header, else nothing', () => {
    const withMeta = apiErrorFromResponse(
      errorEnvelope('RATE_LIMITED', 'wait', { meta: { retryAfterSeconds: 42.2 } }),
      new Response(null, { status: 429 }),
    );
    expect(retryAfterSeconds(withMeta)).toBe(43);
    const withHeader = apiErrorFromResponse(
      errorEnvelope('RATE_LIMITED', 'wait'),
      new Response(null, { status: 429, headers: { 'Retry-After': '17' } }),
    );
    expect(retryAfterSeconds(withHeader)).toBe(17);
    const other = apiErrorFromResponse(errorEnvelope('VALIDATION_ERROR', 'x'), new Response(null, { status: 400 }));
    expect(retryAfterSeconds(other)).toBeNull();
  });
});

describe('the resend button on /missing-email-confirmation', () => {
  it('sends a new link, then waits the seconds the server names', async () => {
    const api = serveContract({
      authResendConfirmationEmail: {
        email: 'anna@elektro-schneider.de',
        emailConfirmed: false,
        resendAfterSeconds: 60,
        linkExpiresAtUtc: '2026-11-23T08:00:00.000Z',
      },
    });
    injectSession({ emailConfirmed: false });
    await renderApp('/missing-email-confirmation');
    const button = await screen.findByTestId('resend-confirmation');
    expect(button).toHaveTextContent('Link erneut senden');
    fireEvent.click(button);
    expect(await screen.findByText('Erneut senden in 60 s')).toBeInTheDocument();
    expect(screen.getByTestId('resend-confirmation')).toBeDisabled();
    expect(await screen.findByText('Wir haben einen neuen Bestätigungslink an anna@elektro-schneider.de gesendet.')).toBeInTheDocument();
    expect(api.calls()[0].url.pathname).toBe('/api/Auth/ResendConfirmationEmail');
  });

  it('shows the wait of a 429 on the button, without an error toast', async () => {
    serveContract({ authResendConfirmationEmail: failure(429, 'RATE_LIMITED', 'Bitte warten', { meta: { retryAfterSeconds: 37 } }) });
    injectSession({ emailConfirmed: false });
    await renderApp('/missing-email-confirmation');
    fireEvent.click(await screen.findByTestId('resend-confirmation'));
    expect(await screen.findByText('Erneut senden in 37 s')).toBeInTheDocument();
    expect(screen.queryByText('Fehlgeschlagen')).toBeNull();
  });

  it('moves on when the server says the address is confirmed already', async () => {
    const confirmedToken = makeJwt({
      exp: Math.floor(Date.now() / 1000) + 900,
      role: 'Owner',
      TermsConfirmed: 'true',
      emailConfirmed: true,
    });
    serveContract({
      ...emptyFirm,
      authResendConfirmationEmail: { email: 'a@b.de', emailConfirmed: true, resendAfterSeconds: 0, linkExpiresAtUtc: null },
      authRefreshToken: authSession(confirmedToken, { roles: ['Owner'] }),
    });
    injectSession({ emailConfirmed: false, roles: ['Owner'] });
    const { router } = await renderApp('/missing-email-confirmation');
    fireEvent.click(await screen.findByTestId('resend-confirmation'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
