import { useLingui } from '@lingui/react/macro';
import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconId } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersUpdateMeMutation } from '../../../../generated/api/@tanstack/react-query.gen';
import type { Language, User } from '../../../../generated/api/types.gen';
import { showFormError } from '../form-errors';
import { adoptAccountLanguage } from '../../../lib/account-language';
import { activateLocale } from '../../../lib/i18n';
import { normalizeLocale } from '../../../lib/locale';
import { showSuccess } from '../../../lib/notifications';
import { updateSession } from '../../../lib/session';
import { accountUpdated } from '../api/cache';
import { SectionCard } from './section-card';

interface ProfileValues {
  firstName: string;
  lastName: string;
  language: Language;
}

/** First name, last name and language (`UpdateMe`); a new language switches the UI at once. */
export function ProfileCard({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const form = useForm<ProfileValues>({
    initialValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      language: normalizeLocale(i18n.locale),
    },
    validate: {
      firstName: (value) => (value.trim() ? null : t`First name is required`),
      lastName: (value) => (value.trim() ? null : t`Last name is required`),
    },
  });
  const mutation = useMutation({
    ...usersUpdateMeMutation(),
    onSuccess: async (answer) => {
      const saved = answer.data;
      updateSession({ firstName: saved.firstName, lastName: saved.lastName });
      accountUpdated(queryClient, user.id, answer);
      if (saved.language !== normalizeLocale(i18n.locale)) await activateLocale(saved.language);
      if (saved.language !== user.language) await adoptAccountLanguage();
      form.resetDirty({ firstName: saved.firstName ?? '', lastName: saved.lastName ?? '', language: saved.language });
      showSuccess(t`Your details are saved.`);
    },
    meta: { silent: true },
    onError: (error) => showFormError(form, error),
  });

  return (
    <SectionCard icon={IconId} title={t`Personal details`} description={t`Your name is shown to your team and on work confirmations.`}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          mutation.mutate({
            body: { firstName: values.firstName.trim(), lastName: values.lastName.trim(), language: values.language },
          }),
        )}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t`First name`} autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
            <TextInput label={t`Last name`} autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
          </SimpleGrid>
          {/* Read-only, so it cannot be scrolled: a long address wraps instead of being cut off on a phone. */}
          <Textarea
            label={t`Email`}
            value={user.email}
            readOnly
            autosize
            minRows={1}
            variant="filled"
            description={t`Your sign-in address; it cannot be changed here.`}
            styles={{ input: { wordBreak: 'break-all' } }}
          />
          <Select
            label={t`Language`}
            description={t`For the app and the emails you receive.`}
            allowDeselect={false}
            data={[
              { value: 'de', label: 'Deutsch' },
              { value: 'en', label: 'English' },
            ]}
            {...form.getInputProps('language')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {t`Save`}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
