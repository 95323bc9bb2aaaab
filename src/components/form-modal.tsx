import { Trans } from '@lingui/react/macro';
import { Button, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/**
 * A create-or-edit form in a modal, full screen on phones. The form mounts only while open, so
 * each opening starts from the record's current values.
 */
export function FormModal({ opened, onClose, title, children }: { opened: boolean; onClose: () => void; title: ReactNode; children: ReactNode }) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={!!phone}>
      {opened ? children : null}
    </Modal>
  );
}

/** Cancel and Save under a form; Save submits it. */
export function FormButtons({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <Group justify="flex-end" mt="sm">
      <Button variant="default" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" loading={saving}>
        <Trans>Save</Trans>
      </Button>
    </Group>
  );
}
