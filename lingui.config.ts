import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Source strings are written in English in the code (`sourceLocale: 'en'`); German is the default
 * UI language (see src/lib/i18n.ts, where an unknown or missing locale falls back to `de`).
 *
 * No `fallbackLocales` here on purpose: Lingui would fill missing English entries from the German
 * catalog. A missing translation shows the English source instead.
 *
 * Catalogs are compiled on import by `@lingui/vite-plugin` (`import('./locales/de.po')`), so dev
 * and build need no compile step. Workflow: `npx lingui extract --clean`, then translate de.po.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '<rootDir>/src/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'message',
});
