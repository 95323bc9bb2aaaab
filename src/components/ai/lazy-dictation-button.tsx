/**
 * The dictation button, loaded when a form that offers it opens: the entry forms are part of the
 * activity feed, which the dashboard shows, and the recorder is not needed there until then.
 */
import { ActionIcon } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { lazy, Suspense, type ComponentProps } from 'react';

const DictationButton = lazy(() => import('./dictation-button').then((module) => ({ default: module.DictationButton })));

export function LazyDictationButton(props: ComponentProps<typeof DictationButton>) {
  return (
    <Suspense
      fallback={
        <ActionIcon size={36} mt={props.besideLabel === false ? 0 : 24} variant="light" disabled aria-hidden>
          <IconMicrophone size={20} />
        </ActionIcon>
      }
    >
      <DictationButton {...props} />
    </Suspense>
  );
}
