// Only the stylesheets of the Mantine components the app uses (generated, scripts/mantine-styles.mjs);
// the date pickers' styles load with the screens that show one.
import './styles/mantine';
import '@mantine/notifications/styles.css';
import './styles/global.css';

import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './components/app-providers';
import { configureApiClient } from './lib/api-client';
import { startLiveSessionCheck } from './lib/auth-guards';
import { initI18n } from './lib/i18n';
import { keepOfflineData, registerQueuedChanges, restoreOfflineData } from './lib/offline-queue';
import { queryClient } from './lib/query-client';
import { getSession } from './lib/session';
import { router } from './router';

configureApiClient();
// The signed-in layout's first calls go out now, beside the catalog, the kept data and the first
// render (decision 0049).
startLiveSessionCheck(queryClient);
// The changes waiting for the connection and the screens as last seen, kept on the device (decision 0038).
registerQueuedChanges(queryClient);
keepOfflineData(queryClient);
const restored = restoreOfflineData(queryClient, getSession().userId);

void Promise.all([initI18n(), restored]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});

// The service worker (offline use, decision 0036) after the page has loaded, from its own chunk.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./lib/service-worker').then((module) => module.registerServiceWorker()).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
