import { useLingui } from '@lingui/react/macro';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { managementGetConsentTextsOptions } from '../../generated/api/@tanstack/react-query.gen';
import type { ConsentPurpose, ConsentText } from '../../generated/api/types.gen';
import { normalizeLocale } from '../lib/locale';

/** The consent texts (terms, privacy, ai, gps) in the UI language; public. */
export function useConsentTexts() {
  const { i18n } = useLingui();
  const language = normalizeLocale(i18n.locale);
  return useQuery({
    ...managementGetConsentTextsOptions({ query: { language } }),
    staleTime: 60 * 60 * 1000,
    select: (answer) => answer.data.items,
  });
}

export function textOf(texts: ConsentText[] | undefined, purpose: ConsentPurpose): ConsentText | undefined {
  return texts?.find((text) => text.purpose === purpose);
}

/**
 * A consent text as the server keeps it: paragraphs separated by blank lines; a paragraph whose
 * first line starts with `§` or `#` begins with a heading.
 */
export function ConsentDocument({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  return (
    <Stack gap="sm">
      {paragraphs.map((paragraph, index) => {
        const [first, ...rest] = paragraph.split('\n');
        const heading = /^(#{1,6}\s+|§\s*\d)/.test(first) ? first.replace(/^#{1,6}\s+/, '') : null;
        const body = heading ? rest.join('\n') : paragraph;
        return (
          <div key={index}>
            {heading ? (
              <Title order={3} fz="sm" fw={650} mb={4}>
                {heading}
              </Title>
            ) : null}
            {body ? (
              <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                {body}
              </Text>
            ) : null}
          </div>
        );
      })}
    </Stack>
  );
}

/** Loading and failure states around the texts. */
export function ConsentTextsState({ query }: { query: ReturnType<typeof useConsentTexts> }) {
  const { t } = useLingui();
  if (query.isPending) {
    return (
      <Stack align="center" py="xl">
        <Loader size="sm" role="status" aria-label={t`Loading`} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light">
        {t`The texts could not be loaded. Please reload the page.`}
      </Alert>
    );
  }
  return null;
}
