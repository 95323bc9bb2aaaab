import { useLingui } from '@lingui/react/macro';
import { Button, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { authResendConfirmationEmailMutation } from '../../../generated/api/@tanstack/react-query.gen';
import { ApiError } from '../../lib/api-error';
import { nextPathAfterSignIn } from '../../lib/auth-guards';
import { showSuccess } from '../../lib/notifications';
import { notifyError } from '../../lib/query-client';
import { reloadAccountState } from './api/auth';
import { useCountdown } from './use-countdown';

const RESEND_COUNTDOWN_KEY = 'fieldbook-resend-until';

/** Seconds to wait from a 429 answer: the envelope's `meta.retryAfterSeconds`, else Retry-After. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const fromMeta = error.messages.find((m) => typeof m.meta?.retryAfterSeconds === 'number')?.meta?.retryAfterSeconds;
  if (typeof fromMeta === 'number' && fromMeta > 0) return Math.ceil(fromMeta);
  const header = Number(error.headers?.get('Retry-After'));
  return Number.isFinite(header) && header > 0 ? Math.ceil(header) : null;
}

/**
 * "Send the link again" with a countdown: after a mail (or a 429) the button waits the seconds the
 * server names. When the address turns out to be confirmed already, the app moves on.
 */
export function ResendConfirmationButton({ returnUrl }: { returnUrl?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const countdown = useCountdown(RESEND_COUNTDOWN_KEY);
  const mutation = useMutation({
    ...authResendConfirmationEmailMutation(),
    meta: { silent: true },
    onSuccess: async ({ data }) => {
      if (data.emailConfirmed) {
        const session = await reloadAccountState().catch(() => null);
        if (session) void navigate({ to: nextPathAfterSignIn(session, returnUrl) });
        return;
      }
      countdown.start(data.resendAfterSeconds);
      const email = data.email;
      showSuccess(t`We sent a new confirmation link to ${email}.`);
    },
    onError: (error) => {
      const wait = retryAfterSeconds(error);
      if (wait) countdown.start(wait);
      else notifyError(error);
    },
  });
  const seconds = countdown.secondsLeft;

  return (
    <div>
      <Button
        leftSection={<IconSend size={18} stroke={1.7} />}
        loading={mutation.isPending}
        disabled={countdown.running}
        onClick={() => mutation.mutate({})}
        data-testid="resend-confirmation"
      >
        {countdown.running ? t`Send again in ${seconds} s` : t`Send the link again`}
      </Button>
      {countdown.running ? (
        <Text fz="xs" c="dimmed" mt={6} aria-live="polite">
          {t`You can request another link in ${seconds} seconds.`}
        </Text>
      ) : null}
    </div>
  );
}
