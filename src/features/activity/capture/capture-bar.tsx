/**
 * The phone-first capture of a customer's activity: big buttons for a note, a material (with EAN or
 * QR scan), a described time, photos, the customer's signature, and a dictation sorted into entries. Every member may record for an
 * active customer; an archived customer takes no new entries.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArchive, IconCamera, IconHourglass, IconMicrophone, IconNote, IconPackage, IconSignature } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import type { InformationSubType } from '../../../../generated/api/types.gen';
import { useIdlePreload, useMountedOnce } from '../../../lib/use-lazy-dialog';
import { ConfirmationModal, DictationModal, EntryModal, loadCaptureDialogs, PhotoUploadModal } from './lazy-capture';

export function CaptureBar({ customer }: { customer: { id: string; displayName: string; archived: boolean } }) {
  const { t } = useLingui();
  const [entry, setEntry] = useState<InformationSubType | null>(null);
  const [photos, setPhotos] = useState(false);
  const [signing, setSigning] = useState(false);
  const [dictating, setDictating] = useState(false);
  // The dialogs mount at the first opening (their code is usually there by then).
  const mounted = useMountedOnce(entry !== null || photos || signing || dictating);
  useIdlePreload(customer.archived ? undefined : loadCaptureDialogs);

  if (customer.archived) {
    return (
      <Alert variant="light" color="gray" icon={<IconArchive size={18} />}>
        <Trans>This customer is archived. Restore the customer to record new entries.</Trans>
      </Alert>
    );
  }
  const actions = [
    { key: 'note', label: t`Note`, icon: IconNote, color: 'yellow', onClick: () => setEntry('note') },
    { key: 'material', label: t`Material`, icon: IconPackage, color: 'teal', onClick: () => setEntry('material') },
    { key: 'time', label: t`Time`, icon: IconHourglass, color: 'indigo', onClick: () => setEntry('time') },
    { key: 'photo', label: t`Photo`, icon: IconCamera, color: 'grape', onClick: () => setPhotos(true) },
    { key: 'sign', label: t`Signature`, icon: IconSignature, color: 'green', onClick: () => setSigning(true) },
    { key: 'dictate', label: t`Dictation`, icon: IconMicrophone, color: 'orange', onClick: () => setDictating(true) },
  ];
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
        <Trans>Record</Trans>
      </Text>
      <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
        {actions.map((a) => (
          <Button
            key={a.key}
            variant="light"
            color={a.color}
            onClick={a.onClick}
            h={64}
            px={4}
            // The label in the text colour (the tinted one reached only 2.7:1 on its light tint); the icon keeps the kind's colour.
            styles={{ inner: { flexDirection: 'column', gap: 4 }, section: { margin: 0, color: `var(--mantine-color-${a.color}-light-color)` }, label: { color: 'var(--mantine-color-text)' } }}
            leftSection={<a.icon size={22} />}
          >
            {a.label}
          </Button>
        ))}
      </SimpleGrid>
      {mounted ? (
        <Suspense fallback={null}>
          <EntryModal mode={entry ? { kind: 'create', subType: entry, customerId: customer.id } : null} onClose={() => setEntry(null)} />
          <PhotoUploadModal customerId={customer.id} opened={photos} onClose={() => setPhotos(false)} />
          <ConfirmationModal customerId={customer.id} customerName={customer.displayName} opened={signing} onClose={() => setSigning(false)} />
          <DictationModal customerId={customer.id} opened={dictating} onClose={() => setDictating(false)} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
