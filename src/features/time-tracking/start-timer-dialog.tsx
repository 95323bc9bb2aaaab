/**
 * Start a customer timer: search a customer (Customers/GetAll with its filter), tap it, and the
 * timer runs. Customers with a running timer of the caller are shown but cannot be started twice.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Loader, Modal, Stack, Text, TextInput, UnstyledButton, Group, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPlayerPlay, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { customersGetAllOptions } from '../../../generated/api/@tanstack/react-query.gen';
import type { Customer } from '../../../generated/api/types.gen';
import { timersChanged } from '../../lib/data-events';
import classes from './time-tracking.module.css';
import { useGpsPosition } from '../../lib/position';
import { GpsNotice } from '../../components/gps-notice';
import { actedAtIfOffline, idempotencyHeaders, queuedOffline } from '../../lib/offline-change';
import { queuedMutation } from '../../lib/offline-queue';
import { newId } from '../../lib/ids';

export function StartTimerDialog({
  opened,
  onClose,
  runningCustomerIds,
}: {
  opened: boolean;
  onClose: () => void;
  runningCustomerIds: Set<string>;
}) {
  const { t } = useLingui();
  const phone = useMediaQuery('(max-width: 48em)');
  const [search, setSearch] = useState('');
  const [description, setDescription] = useState('');
  const [filter] = useDebouncedValue(search.trim(), 250);
  const queryClient = useQueryClient();
  const position = useGpsPosition();
  const customers = useQuery({
    ...customersGetAllOptions({
      query: { page: 1, pageSize: 8, filter: filter || undefined, orderBy: 'displayName', isDescending: false, includeArchived: false },
    }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  const start = useMutation({
    ...queuedMutation('timerStart'),
    onSuccess: async () => {
      await timersChanged(queryClient);
      close();
    },
  });

  function close() {
    setSearch('');
    setDescription('');
    onClose();
  }

  async function startFor(customer: Customer) {
    const acted = actedAtIfOffline();
    // The track's id chosen here: a stop tapped before the start is sent names it (decision 0048).
    start.mutate({ body: { customerId: customer.id, id: newId(), description: description.trim() || null, position: await position(), ...acted }, headers: idempotencyHeaders() });
    if (queuedOffline()) close();
  }

  const items = customers.data?.data.items ?? [];
  return (
    <Modal opened={opened} onClose={close} title={t`Start a timer`} fullScreen={phone} size="md">
      <Stack gap="sm">
        <TextInput
          data-autofocus
          label={t`Customer`}
          placeholder={t`Search by name, city or phone`}
          leftSection={<IconSearch size={16} />}
          rightSection={customers.isFetching ? <Loader size="xs" /> : null}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <TextInput
          label={t`What are you working on? (optional)`}
          placeholder={t`e.g. Sockets in the kitchen`}
          maxLength={1000}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Stack gap={4} role="list" aria-label={t`Customers`} aria-busy={customers.isFetching}>
          {items.map((customer) => {
            const running = runningCustomerIds.has(customer.id);
            const place = [customer.zip, customer.city].filter(Boolean).join(' ');
            return (
              // A list of buttons: each item holds its button (a button cannot be a list item itself).
              <div role="listitem" key={customer.id}>
                <UnstyledButton
                  className={classes.customerOption}
                  disabled={running || start.isPending}
                  data-running={running || undefined}
                  onClick={() => void startFor(customer)}
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {customer.displayName}
                      </Text>
                      {place ? (
                        <Text fz="xs" c="dimmed" truncate>
                          {place}
                        </Text>
                      ) : null}
                    </div>
                    {running ? (
                      <Badge variant="light" size="sm">
                        <Trans>Running</Trans>
                      </Badge>
                    ) : (
                      <>
                        <IconPlayerPlay size={18} className={classes.startIcon} aria-hidden />
                        {/* Named by what it shows, and what a tap does. */}
                        <VisuallyHidden>{t`Start timer`}</VisuallyHidden>
                      </>
                    )}
                  </Group>
                </UnstyledButton>
              </div>
            );
          })}
          {customers.isSuccess && items.length === 0 ? (
            <Text c="dimmed" fz="sm" ta="center" py="md">
              {filter ? <Trans>No customer matches.</Trans> : <Trans>No customers yet. Add one in the customer list.</Trans>}
            </Text>
          ) : null}
        </Stack>
        <GpsNotice />
      </Stack>
    </Modal>
  );
}
