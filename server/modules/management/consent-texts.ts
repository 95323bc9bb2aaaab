/**
 * The texts a tenant consents to, per purpose and language. `terms` and `privacy` are required to
 * use the product; `ai` and `gps` are optional and can be changed in the company profile.
 */
export const CONSENT_VERSION = '2026-11';

type Purpose = 'terms' | 'privacy' | 'ai' | 'gps';
interface Text {
  title: string;
  text: string;
}

export const consentTexts: Record<'de' | 'en', Record<Purpose, Text>> = {
  de: {
    terms: {
      title: 'Nutzungsbedingungen',
      text: `§ 1 Geltungsbereich
Diese Bedingungen gelten für die Nutzung von Fieldbook, einer Software zur Zeiterfassung, Baustellendokumentation und Rechnungsvorbereitung für Unternehmen (Kunden). Fieldbook richtet sich ausschließlich an Unternehmer im Sinne des § 14 BGB.

§ 2 Leistungen
Fieldbook stellt dem Kunden die Erfassung von Arbeitszeiten, Notizen, Materialien, Fotos und Arbeitsbestätigungen, die Verwaltung von Kunden und Produkten sowie Exporte und die Übergabe an Buchhaltungssoftware bereit. Neue Funktionen können hinzukommen; wesentliche Funktionen werden nicht ohne angemessene Ankündigung entfernt.

§ 3 Testphase und Lizenzen
Nach der Registrierung kann der Kunde Fieldbook 30 Tage kostenlos testen. Danach benötigt jedes aktive Teammitglied eine Lizenz. Lizenzen werden monatlich abgerechnet und können zum Ende des Abrechnungszeitraums gekündigt werden. Beim Betrieb auf eigenen Servern verwaltet der Inhaber die Lizenzen ohne Zahlungsschritt.

§ 4 Pflichten des Kunden
Der Kunde hält seine Zugangsdaten geheim, vergibt Rollen nur an berechtigte Personen und ist für die Inhalte verantwortlich, die er und seine Mitarbeiter erfassen. Er stellt sicher, dass seine Mitarbeiter und Kunden über die Verarbeitung ihrer Daten informiert sind, insbesondere bei Fotos, Unterschriften und Standortdaten.

§ 5 Arbeitszeiterfassung
Fieldbook weist auf mögliche Verstöße gegen das Arbeitszeitgesetz hin. Die Verantwortung für die Einhaltung arbeitsrechtlicher Vorschriften bleibt beim Kunden. Erfasste Zeiten werden nie stillschweigend geändert; Änderungen werden protokolliert.

§ 6 Verfügbarkeit und Datensicherung
Wir bemühen uns um eine Verfügbarkeit von 99,5 % im Monatsmittel, ausgenommen angekündigte Wartungen. Daten werden täglich gesichert. Der Kunde kann seine Daten jederzeit als CSV oder XLSX exportieren.

§ 7 Haftung
Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit sowie bei Verletzung von Leben, Körper oder Gesundheit. Bei leicht fahrlässiger Verletzung wesentlicher Vertragspflichten ist die Haftung auf den vertragstypischen, vorhersehbaren Schaden begrenzt.

§ 8 Laufzeit und Kündigung
Der Vertrag läuft auf unbestimmte Zeit und kann von beiden Seiten mit einer Frist von einem Monat zum Monatsende gekündigt werden. Nach Vertragsende stehen die Daten 30 Tage zum Export bereit und werden danach gelöscht, soweit keine gesetzlichen Aufbewahrungspflichten bestehen.

§ 9 Schlussbestimmungen
Es gilt deutsches Recht. Gerichtsstand ist, soweit zulässig, der Sitz des Anbieters. Sollte eine Bestimmung unwirksam sein, bleibt der Vertrag im Übrigen wirksam.`,
    },
    privacy: {
      title: 'Datenschutz und Auftragsverarbeitung',
      text: `Wir verarbeiten personenbezogene Daten Ihres Unternehmens, Ihrer Mitarbeiter und Ihrer Kunden ausschließlich in Ihrem Auftrag (Art. 28 DSGVO) und nur zur Erbringung von Fieldbook. Die Daten liegen in Rechenzentren in der Europäischen Union. Passwörter werden nur als sichere Prüfsumme gespeichert; Fotos werden ohne eingebettete Metadaten gespeichert. Sie können Auskunft, Berichtigung, Export und Löschung jederzeit verlangen. Unterauftragnehmer (Hosting, E-Mail-Versand, Zahlungsabwicklung) werden in der Liste der Unterauftragsverarbeiter benannt und über Änderungen informieren wir vorab.`,
    },
    ai: {
      title: 'KI-Funktionen',
      text: `Mit dieser Einwilligung dürfen Notizen, Sprachaufnahmen und Positionen an einen KI-Dienst übermittelt werden, um Zusammenfassungen und Rechnungstexte vorzuschlagen. Vorschläge werden nie ohne Ihre Bestätigung übernommen. Die Einwilligung kann jederzeit im Firmenprofil widerrufen werden; danach werden keine Daten mehr übermittelt.`,
    },
    gps: {
      title: 'Standort beim Start und Stopp',
      text: `Mit dieser Einwilligung speichert Fieldbook den Standort des Geräts beim Starten und Stoppen eines Timers und bei Fotos, sofern das Gerät ihn freigibt. Es werden keine Bewegungsprofile erstellt. Die Einwilligung kann jederzeit im Firmenprofil widerrufen werden; danach werden keine Standorte mehr gespeichert.`,
    },
  },
  en: {
    terms: {
      title: 'Terms of use',
      text: `§ 1 Scope
These terms apply to the use of Fieldbook, software for time tracking, job documentation and invoice preparation for businesses (customers). Fieldbook is offered to businesses only, not to consumers.

§ 2 Services
Fieldbook lets the customer record working time, notes, materials, photos and work confirmations, manage customers and products, and export them or hand them to accounting software. Features may be added; essential features are not removed without reasonable notice.

§ 3 Trial and licenses
After signing up, the customer may try Fieldbook free of charge for 30 days. After that, every active team member needs a license. Licenses are billed monthly and can be cancelled at the end of the billing period. When run on the customer's own servers, the owner manages licenses without a payment step.

§ 4 Customer duties
The customer keeps credentials secret, gives roles only to entitled persons and is responsible for the content they and their staff record. They make sure staff and their own customers are informed about the processing of their data, in particular photos, signatures and location data.

§ 5 Working time records
Fieldbook points out possible breaches of the German Working Hours Act (ArbZG). Compliance with labour law remains the customer's responsibility. Recorded times are never changed silently; changes are logged.

§ 6 Availability and backups
We aim for 99.5 % monthly availability, excluding announced maintenance. Data is backed up daily. The customer can export their data as CSV or XLSX at any time.

§ 7 Liability
We are liable without limitation for intent and gross negligence and for injury to life, body or health. For slightly negligent breaches of essential contractual duties, liability is limited to the foreseeable damage typical for the contract.

§ 8 Term and termination
The contract runs for an indefinite period and can be terminated by either party with one month's notice to the end of a month. After the end of the contract, data remains available for export for 30 days and is then deleted unless the law requires keeping it.

§ 9 Final provisions
German law applies. Place of jurisdiction is, as far as permitted, the provider's seat. Should a provision be invalid, the rest of the contract remains valid.`,
    },
    privacy: {
      title: 'Privacy and data processing',
      text: `We process personal data of your business, your staff and your customers only on your behalf (Art. 28 GDPR) and only to provide Fieldbook. Data is stored in data centres in the European Union. Passwords are stored only as a secure hash; photos are stored without embedded metadata. You may request access, correction, export and deletion at any time. Sub-processors (hosting, e-mail delivery, payment) are named in the list of sub-processors, and we inform you about changes in advance.`,
    },
    ai: {
      title: 'AI features',
      text: `With this consent, notes, voice recordings and positions may be sent to an AI service to suggest summaries and invoice texts. Suggestions are never applied without your confirmation. You can revoke this consent at any time in the company profile; after that no data is sent.`,
    },
    gps: {
      title: 'Location at start and stop',
      text: `With this consent, Fieldbook stores the device's location when a timer starts and stops and with photos, if the device shares it. No movement profiles are created. You can revoke this consent at any time in the company profile; after that no locations are stored.`,
    },
  },
};

export const requiredPurposes: Purpose[] = ['terms', 'privacy'];
export const purposes: Purpose[] = ['terms', 'privacy', 'ai', 'gps'];
