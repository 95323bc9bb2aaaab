/**
 * Registers the service worker (src/service-worker/worker.js, decision 0036), loaded lazily by
 * main.tsx once the page has loaded, so the entry's JavaScript does not grow. A new version waits
 * in the browser until the member taps "neu laden" in its announcement: only then does it take
 * over, and the page reloads. Looks for a new version when the app starts, every hour and when the
 * connection returns.
 */
import { t } from '@lingui/core/macro';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

const UPDATE_TOAST = 'app-update';
const CHECK_EVERY_MS = 60 * 60 * 1000;

function announce(waiting: ServiceWorker) {
  const reload = () => {
    notifications.hide(UPDATE_TOAST);
    // The page reloads once the new worker controls it (controllerchange below).
    waiting.postMessage('fieldbook:activate');
  };
  notifications.show({
    id: UPDATE_TOAST,
    title: t`New version available`,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{t`Reload when you have saved what you are entering.`}</Text>
        <Button size="xs" onClick={reload}>
          {t`Reload`}
        </Button>
      </Group>
    ),
    color: 'emerald',
    autoClose: false,
    withBorder: true,
  });
}

export async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const hadController = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install takes over a page that had no worker: nothing to reload.
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) announce(installing);
    });
  });
  const check = () => void registration.update().catch(() => undefined);
  window.setInterval(check, CHECK_EVERY_MS);
  window.addEventListener('online', check);
}
