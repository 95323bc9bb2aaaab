/**
 * The connection in the top bar (decision 0036): nothing while online with nothing waiting;
 * "Offline" without a connection; "n wartet auf Verbindung" while changes wait. A change made
 * offline waits as a paused mutation (TanStack Query's network mode) and is sent by itself when the
 * connection returns. Until the queue is kept across reloads, leaving the page with changes waiting
 * asks first, so nothing is lost without the member's word.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge, VisuallyHidden } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { onlineManager, useMutationState } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useIsDesktop } from './use-desktop';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

export function OfflineStatus() {
  const { t } = useLingui();
  const desktop = useIsDesktop();
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  const waiting = useMutationState({ filters: { predicate: (mutation) => mutation.state.isPaused } }).length;

  useEffect(() => {
    if (waiting === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [waiting]);

  if (online && waiting === 0) return null;
  const label = waiting > 0 ? plural(waiting, { one: '# change waits for a connection', other: '# changes wait for a connection' }) : t`Offline`;
  // On a phone the top bar has no room for the words: the icon and the count, the words for screen readers.
  return (
    <Badge
      role="status"
      variant="light"
      color={online ? 'blue' : 'gray'}
      size="lg"
      title={label}
      leftSection={online ? <IconCloudUpload size={16} /> : <IconCloudOff size={16} />}
      style={{ textTransform: 'none', flexShrink: 0 }}
    >
      {desktop ? label : <>{waiting > 0 ? <span aria-hidden>{waiting}</span> : null}<VisuallyHidden>{label}</VisuallyHidden></>}
    </Badge>
  );
}
