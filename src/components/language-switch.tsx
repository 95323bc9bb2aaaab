import { useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useState } from 'react';
import { usersUpdateMe } from '../../generated/api/sdk.gen';
import { adoptAccountLanguage } from '../lib/account-language';
import { activateLocale } from '../lib/i18n';
import { locales, normalizeLocale, type Locale } from '../lib/locale';
import { getSession } from '../lib/session';
import { useFloatingParts } from './use-floating-parts';

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

/**
 * The menu loads after the screen's first paint (use-floating-parts.ts); until then the button is
 * there alone, and a click on it opens the menu as soon as it is loaded.
 */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const current = normalizeLocale(i18n.locale);
  const label = t`Language`;
  const { parts, request, ref } = useFloatingParts<HTMLButtonElement>();
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);

  const button = (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      size="compact-md"
      h={34}
      px={8}
      leftSection={<IconLanguage size={18} stroke={1.7} />}
      // The name starts with what is seen ("DE"), so voice control finds it by its text.
      aria-label={`${current.toUpperCase()} – ${label}: ${endonyms[current]}`}
      title={label}
      {...(parts
        ? {}
        : {
            'aria-haspopup': 'menu' as const,
            'aria-expanded': false,
            onClick: () => {
              setOpenWhenLoaded(true);
              request();
            },
          })}
    >
      {current.toUpperCase()}
    </Button>
  );
  if (!parts) return button;
  const { Menu } = parts;
  return (
    <Menu position="bottom-end" shadow="md" width={180} defaultOpened={openWhenLoaded}>
      <Menu.Target>{button}</Menu.Target>
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
