/** The account mails, German and English, as text and HTML. */
import { actionMail, type Mail } from '../../platform/mail';
import type { Lang } from '../../platform/i18n';

type MailFactory = (lang: Lang, to: string, link: string, extra: Record<string, string>) => Mail;

const footer = {
  de: 'Fieldbook – Zeiterfassung und Baustellendokumentation. Sie erhalten diese E-Mail, weil diese Adresse bei Fieldbook angegeben wurde.',
  en: 'Fieldbook – time tracking and job documentation. You receive this mail because this address was entered at Fieldbook.',
};

export const accountMails: Record<'confirm_email' | 'reset_password' | 'invite', MailFactory> = {
  confirm_email: (lang, to, link) =>
    lang === 'en'
      ? actionMail({
          to,
          subject: 'Confirm your e-mail address',
          greeting: 'Hello,',
          paragraphs: ['welcome to Fieldbook! Please confirm your e-mail address.', 'The link is valid for 24 hours and can be used once.'],
          action: { label: 'Confirm e-mail address', url: link },
          footer: footer.en,
        })
      : actionMail({
          to,
          subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
          greeting: 'Guten Tag,',
          paragraphs: [
            'willkommen bei Fieldbook! Bitte bestätigen Sie Ihre E-Mail-Adresse.',
            'Der Link ist 24 Stunden gültig und kann einmal verwendet werden.',
          ],
          action: { label: 'E-Mail-Adresse bestätigen', url: link },
          footer: footer.de,
        }),
  reset_password: (lang, to, link) =>
    lang === 'en'
      ? actionMail({
          to,
          subject: 'Reset your password',
          greeting: 'Hello,',
          paragraphs: [
            'someone asked to reset the password of your Fieldbook account. If it was you, choose a new password with the link below.',
            'The link is valid for one hour and can be used once. If you did not ask for it, ignore this mail: your password stays as it is.',
          ],
          action: { label: 'Choose a new password', url: link },
          footer: footer.en,
        })
      : actionMail({
          to,
          subject: 'Passwort zurücksetzen',
          greeting: 'Guten Tag,',
          paragraphs: [
            'für Ihr Fieldbook-Konto wurde ein neues Passwort angefordert. Wenn Sie das waren, wählen Sie über den folgenden Link ein neues Passwort.',
            'Der Link ist eine Stunde gültig und kann einmal verwendet werden. Wenn Sie nichts angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
          ],
          action: { label: 'Neues Passwort wählen', url: link },
          footer: footer.de,
        }),
  invite: (lang, to, link, extra) =>
    lang === 'en'
      ? actionMail({
          to,
          subject: `${extra.tenantName ?? 'Your team'} invites you to Fieldbook`,
          greeting: 'Hello,',
          paragraphs: [
            `${extra.inviterName ?? 'Your team'} invites you to record times, notes and photos for ${extra.tenantName ?? 'the firm'} with Fieldbook.`,
            'Choose your password with the link below. It is valid for 7 days.',
          ],
          action: { label: 'Activate account', url: link },
          footer: footer.en,
        })
      : actionMail({
          to,
          subject: `${extra.tenantName ?? 'Ihr Team'} lädt Sie zu Fieldbook ein`,
          greeting: 'Guten Tag,',
          paragraphs: [
            `${extra.inviterName ?? 'Ihr Team'} lädt Sie ein, für ${extra.tenantName ?? 'die Firma'} Zeiten, Notizen und Fotos mit Fieldbook zu erfassen.`,
            'Wählen Sie Ihr Passwort über den folgenden Link. Er ist 7 Tage gültig.',
          ],
          action: { label: 'Konto aktivieren', url: link },
          footer: footer.de,
        }),
};

/** To the owner of an address someone tried to sign up with. */
export const signUpNoticeMail = (lang: Lang, to: string, signInUrl: string): Mail =>
  lang === 'en'
    ? actionMail({
        to,
        subject: 'Someone tried to sign up with your address',
        greeting: 'Hello,',
        paragraphs: [
          'someone tried to create a new Fieldbook account with this e-mail address. You already have an account, so nothing was created.',
          'If it was you, sign in instead (or choose a new password on the sign-in page). If it was not you, ignore this mail: your account stays as it is.',
        ],
        action: { label: 'Sign in', url: signInUrl },
        footer: footer.en,
      })
    : actionMail({
        to,
        subject: 'Jemand wollte sich mit Ihrer Adresse registrieren',
        greeting: 'Guten Tag,',
        paragraphs: [
          'mit dieser E-Mail-Adresse wollte jemand ein neues Fieldbook-Konto anlegen. Sie haben bereits ein Konto, daher wurde nichts angelegt.',
          'Wenn Sie das waren, melden Sie sich stattdessen an (oder wählen Sie auf der Anmeldeseite ein neues Passwort). Wenn nicht, ignorieren Sie diese E-Mail: Ihr Konto bleibt unverändert.',
        ],
        action: { label: 'Anmelden', url: signInUrl },
        footer: footer.de,
      });
