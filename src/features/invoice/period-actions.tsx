/**
 * Clearing up a period in one go (Owner, Admin, Manager): mark every open entry of a customer (or
 * of all customers) as processed, optionally archived (`Invoice/MarkActivitiesAsProcessedByFilter`),
 * or delete a customer's entries of a period (`Invoice/DeleteActivitiesByFilter`). The dialog asks
 * the server first with `dryRun` and states the counts, including what is kept (signed entries,
 * running timers), before the person confirms; the same counts come back from the real call. The
 * caller refreshes what shows the entries (`onChanged`).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { IconCalendarCog, IconChecks, IconTrash } from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useIsBackOffice } from '../../lib/session';
import { useIdlePreload } from '../../lib/use-lazy-dialog';
import type { PeriodAction } from './period-action-dialog';

// The dialog loads once the screen is idle (usually before the first click), not with it.
const loadDialog = () => import('./period-action-dialog');
const PeriodActionDialog = lazy(() => import('./period-action-dialog').then((module) => ({ default: module.PeriodActionDialog })));

/** A menu of the period actions; deleting needs a customer, so without one only marking is offered. */
export function PeriodActionsButton({ customerId, onChanged }: { customerId?: string; onChanged: (queryClient: QueryClient) => Promise<unknown> }) {
  const { t } = useLingui();
  const backOffice = useIsBackOffice();
  const [action, setAction] = useState<PeriodAction | null>(null);
  useIdlePreload(backOffice ? loadDialog : undefined);
  if (!backOffice) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconCalendarCog size={16} />}>
            <Trans>Period actions</Trans>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconChecks size={16} />} onClick={() => setAction('mark')}>
            {customerId ? t`Mark a period as processed…` : t`Mark a period of all customers as processed…`}
          </Menu.Item>
          {customerId ? (
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => setAction('delete')}>
              <Trans>Delete the entries of a period…</Trans>
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {action ? (
        <Suspense fallback={null}>
          <PeriodActionDialog action={action} customerId={customerId} onChanged={onChanged} onClose={() => setAction(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
