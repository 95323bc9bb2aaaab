/** Country options for address forms (customers, the firm): German-speaking countries first, then all by name. */
import { countryName } from './format';

const first = ['DE', 'AT', 'CH'];
let cache: { locale: string; options: { value: string; label: string }[] } | null = null;

function allRegionCodes(): string[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const out: string[] = [];
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      if (name && name !== code && Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`) out.push(code);
    }
  }
  return out;
}

export function countryOptions(locale: string) {
  if (cache?.locale === locale) return cache.options;
  const collator = new Intl.Collator(locale);
  const rest = allRegionCodes()
    .filter((code) => !first.includes(code))
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => collator.compare(a.label, b.label));
  const options = [...first.map((code) => ({ value: code, label: countryName(code) })), ...rest];
  cache = { locale, options };
  return options;
}
