import { useLingui } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { usersUpdateMe } from '../../generated/api/sdk.gen';
import { adoptAccountLanguage } from '../lib/account-language';
import { activateLocale } from '../lib/i18n';
import { locales, normalizeLocale, type Locale } from '../lib/locale';
import { getSession } from '../lib/session';

/** Each language is named in itself, the same in every UI language. */
const endonyms: Record<Locale, string> = { de: 'Deutsch', en: 'English' };

/**
 * Switches the UI language (kept in localStorage, sets <html lang>). Signed in, the account keeps
 * it too, so mails and the server's texts come in the same language.
 */
async function switchLanguage(locale: Locale) {
  await activateLocale(locale);
  if (!getSession().token) return;
  try {
    await usersUpdateMe({ body: { language: locale }, throwOnError: true });
  } catch {
    // The UI language is switched; the account keeps the old one until the next try.
    return;
  }
  await adoptAccountLanguage();
}

export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const current = normalizeLocale(i18n.locale);
  const label = t`Language`;

  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          h={34}
          px={8}
          leftSection={<IconLanguage size={18} stroke={1.7} />}
          // The name starts with what is seen ("DE"), so voice control finds it by its text.
          aria-label={`${current.toUpperCase()} – ${label}: ${endonyms[current]}`}
          title={label}
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {locales.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => void switchLanguage(locale)}
            rightSection={locale === current ? <IconCheck size={16} /> : null}
            aria-current={locale === current ? 'true' : undefined}
          >
            {endonyms[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
