/**
 * A summary of a period's activity (one customer or all): what was done, what is still open, which
 * materials were used, proposed as an invoice title and text in German or English, to copy (or,
 * from the invoice dialog, to take over as the title).
 */
import { useLingui } from '@lingui/react/macro';
import { Button, Modal, Skeleton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useIsBackOffice } from '../../lib/session';
import { useIdlePreload } from '../../lib/use-lazy-dialog';
import type { SummaryProps } from './summary-form';

// The dialog's form loads once the screen is idle (usually before the first click), not with it.
const loadForm = () => import('./summary-form');
const SummaryForm = lazy(() => import('./summary-form').then((module) => ({ default: module.SummaryForm })));

export function SummaryButton(props: SummaryProps & { compact?: boolean }) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)');
  const backOffice = useIsBackOffice();
  useIdlePreload(backOffice ? loadForm : undefined);
  // Summaries of a period are the back office's (as invoices are).
  if (!backOffice) return null;
  return (
    <>
      <Button variant="default" size={props.compact ? 'xs' : 'sm'} leftSection={<IconSparkles size={16} />} onClick={() => setOpened(true)}>
        {t`Summarise`}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t`Summary of the period`} size="lg" fullScreen={!!phone}>
        {opened ? (
          <Suspense fallback={<Skeleton h={120} />}>
            <SummaryForm
              {...props}
              onUse={
                props.onUse
                  ? (text) => {
                      props.onUse!(text);
                      setOpened(false);
                    }
                  : undefined
              }
            />
          </Suspense>
        ) : null}
      </Modal>
    </>
  );
}
