import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Button, Group, Loader, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { IconFingerprint, IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { passkeyAvailability } from '../passkey-support';
import { PasskeyAddressNote } from '../auth-form-parts';
import {
  authWebAuthnDeleteKeyMutation,
  authWebAuthnGetKeysOptions,
} from '../../../../generated/api/@tanstack/react-query.gen';
import { authWebAuthnAddKeyBegin, authWebAuthnAddKeyComplete } from '../../../../generated/api/sdk.gen';
import type { Passkey, WebAuthnRegistrationResponse } from '../../../../generated/api/types.gen';
import { showError, showSuccess } from '../../../lib/notifications';
import { notifyError } from '../../../lib/query-client';
import { passkeysChanged } from '../api/cache';
import { formatDateTime } from '../../../lib/format';
import { guessDeviceName } from '../device-name';
import { passkeyErrorLabel } from '../passkey-errors';
import { SectionCard } from './section-card';

/** Begin, the browser's passkey dialog, complete: a new passkey for the signed-in user. */
async function addPasskey(deviceName: string): Promise<Passkey> {
  const { data: begin } = await authWebAuthnAddKeyBegin({ body: {}, throwOnError: true });
  const response = await startRegistration({ optionsJSON: begin.data.options as PublicKeyCredentialCreationOptionsJSON });
  const { data } = await authWebAuthnAddKeyComplete({
    body: { challengeId: begin.data.challengeId, response: response as WebAuthnRegistrationResponse, deviceName },
    throwOnError: true,
  });
  return data.data;
}

function AddPasskeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { deviceName: guessDeviceName() },
    validate: {
      deviceName: (value: string) =>
        !value.trim() ? t`Please name the device.` : value.trim().length > 100 ? t`At most 100 characters.` : null,
    },
  });
  const mutation = useMutation({
    mutationFn: addPasskey,
    meta: { silent: true },
    onSuccess: (passkey) => {
      void passkeysChanged(queryClient);
      const name = passkey.deviceName;
      showSuccess(t`Passkey “${name}” added. You can now sign in with it.`);
      form.reset();
      onClose();
    },
    onError: (error) => {
      const label = passkeyErrorLabel(error);
      if (label) showError(i18n._(label));
      else notifyError(error);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t`Add a passkey`} centered>
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values.deviceName.trim()))}>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            <Trans>
              Your device will ask for your fingerprint, face or PIN. The passkey stays on the device;
              Fieldbook only keeps its public key.
            </Trans>
          </Text>
          <TextInput
            label={t`Device name`}
            description={t`So you recognise the passkey in the list.`}
            withAsterisk
            data-autofocus
            {...form.getInputProps('deviceName')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t`Cancel`}
            </Button>
            <Button type="submit" loading={mutation.isPending} leftSection={<IconFingerprint size={18} stroke={1.7} />}>
              {t`Create passkey`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The passkeys of the account: device name, created, last used; add and delete. */
export function PasskeysCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const keys = useQuery({ ...authWebAuthnGetKeysOptions(), select: (answer) => answer.data.items });
  const remove = useMutation({
    ...authWebAuthnDeleteKeyMutation(),
    onSuccess: () => {
      void passkeysChanged(queryClient);
      showSuccess(t`The passkey was deleted.`);
    },
  });
  const availability = passkeyAvailability();
  const supported = availability === 'available';

  const confirmDelete = (passkey: Passkey) => {
    const name = passkey.deviceName;
    modals.openConfirmModal({
      title: t`Delete the passkey?`,
      centered: true,
      children: (
        <Text fz="sm">
          <Trans>
            “{name}” can no longer be used to sign in. Remove it from the device’s password manager
            too.
          </Trans>
        </Text>
      ),
      labels: { confirm: t`Delete`, cancel: t`Cancel` },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ body: { id: passkey.id } }),
    });
  };

  return (
    <SectionCard
      icon={IconKey}
      title={t`Passkeys`}
      description={t`Sign in with fingerprint, face or PIN instead of a password.`}
      action={
        availability === 'insecureAddress' ? null : (
        <Button
          variant="light"
          leftSection={<IconPlus size={18} stroke={1.7} />}
          onClick={() => setAdding(true)}
          disabled={!supported}
          title={supported ? undefined : t`This browser does not support passkeys.`}
        >
          {t`Add passkey`}
        </Button>
        )
      }
    >
      {availability === 'insecureAddress' ? (
        <Box mb="sm">
          <PasskeyAddressNote />
        </Box>
      ) : null}
      {keys.isPending ? (
        <Loader size="sm" role="status" aria-label={t`Loading`} />
      ) : keys.isError ? (
        <Text fz="sm" c="red">
          {t`The passkeys could not be loaded.`}
        </Text>
      ) : keys.data.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t`No passkeys yet.`}
        </Text>
      ) : (
        <Stack gap={0} role="list" aria-label={t`Passkeys`}>
          {keys.data.map((passkey) => {
            const created = formatDateTime(passkey.createdAtUtc);
            const used = passkey.lastUsedAtUtc ? formatDateTime(passkey.lastUsedAtUtc) : t`never`;
            const name = passkey.deviceName;
            return (
              <Group
                key={passkey.id}
                role="listitem"
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py="sm"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
                  <IconFingerprint size={22} stroke={1.6} style={{ flexShrink: 0, opacity: 0.7 }} />
                  <div style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={600} truncate="end">
                      {name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t`Created ${created} · last used ${used}`}
                    </Text>
                  </div>
                </Group>
                <Tooltip label={t`Delete passkey “${name}”`}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    style={{ flexShrink: 0 }}
                    aria-label={t`Delete passkey “${name}”`}
                    loading={remove.isPending && remove.variables?.body.id === passkey.id}
                    onClick={() => confirmDelete(passkey)}
                  >
                    <IconTrash size={18} stroke={1.7} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Stack>
      )}
      {adding ? <AddPasskeyModal opened={adding} onClose={() => setAdding(false)} /> : null}
    </SectionCard>
  );
}
