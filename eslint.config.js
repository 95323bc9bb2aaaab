// ESLint flat config for the app (src), the server, tests and scripts.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries of the app: a feature uses components, lib and generated code, never another
// feature (what two features share moves to components/ or lib/, or a route composes them);
// components/ and lib/ never import a feature; nothing in src/ imports the server.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noServer = { regex: '^(\\.\\./)+server(/|$)', message: 'The app talks to the server through the contract (generated/), never by importing server code.' };
const noFeature = (names) => ({
  regex: `^(\\.\\./)+(features/)?(${names.join('|')})(/|$)`,
  message: 'Only routes (and the app root) compose features; move what is shared to components/ or lib/.',
});
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const noSrc = { regex: '^(\\.\\./)+src(/|$)', message: 'The server never imports the app; move what both use to common/.' };
const noModules = { regex: '^(\\.\\./)+(modules|app)(/|$)', message: 'platform/ and db/ never import a module or the entry point.' };
const noEntryPoint = { regex: '^(\\.\\./)+app$', message: 'Modules get Deps and RouteHandler from platform/handler.ts, not from the entry point.' };
// `prefix` is how the importing file names the modules' folder: '../' inside a module, './' from
// modules/*.ts, './modules/' from server/*.ts. `<prefix><module>` (its face) passes, `<prefix><module>/<file>` does not.
const noPastFace = (prefix) => ({
  regex: `^(${prefix}|(\\.\\./)+modules/)[a-z0-9-]+/.`,
  message: "Another module is reached only through its public face: import from '<module>' (its index.ts), never its files (decision 0030).",
});
const noServerFromCommon = { regex: '^(\\.\\./)+server(/|$)', message: 'common/ is shared by server and app and imports neither.' };
const noAppFromCommon = { regex: '^(\\.\\./)+src(/|$)', message: 'common/ is shared by server and app and imports neither.' };

export default defineConfig(
  {
    ignores: [
      'generated/**',
      'dist/**',
      'build/**',
      'coverage/**',
      'data/**',
      '.data-*/**',
      '.tmp/**',
      'test-results/**',
      'node_modules/**',
      'src/routeTree.gen.ts',
      'src/locales/*.{js,mjs,ts}',
      // The packed client's build output (packages/client/build.mjs).
      'packages/*/dist/**',
      'packages/*/.build/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/component/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    extends: [reactHooks.configs.flat.recommended],
  },
  { files: ['src/**/*.{ts,tsx}'], rules: restrictImports(noServer) },
  {
    // axe (aria-prohibited-attr): a name on an element without a role is not announced; a loader
    // or a plain div/span that is labelled needs a role (status, group, region, img).
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXOpeningElement[name.name=/^(Loader|div|span)$/]:has(JSXAttribute[name.name="aria-label"]):not(:has(JSXAttribute[name.name="role"]))',
          message: 'A labelled Loader, div or span needs a role (e.g. role="status"), or axe reports aria-prohibited-attr.',
        },
      ],
    },
  },
  { files: ['src/components/**', 'src/lib/**'], rules: restrictImports(noServer, noFeature(features)) },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrictImports(noServer, noFeature(features.filter((other) => other !== feature))),
  })),
  // The server's layers: platform/ and db/ serve the modules and never import one (nor the entry
  // point); a module gets Deps and RouteHandler from platform/handler.ts, never from app.ts. Each
  // module is reached only through its public face, `modules/<m>/index.ts` (decision 0030): no
  // import of another module's repository, handlers or internals. Nothing under server/ imports the
  // app; what both use lives in common/ at the root, which imports neither.
  { files: ['server/platform/**', 'server/db/**'], rules: restrictImports(noSrc, noModules) },
  { files: ['server/modules/*/**'], rules: restrictImports(noSrc, noEntryPoint, noPastFace('\\.\\./')) },
  { files: ['server/modules/*.ts'], rules: restrictImports(noSrc, noEntryPoint, noPastFace('\\./')) },
  { files: ['server/*.ts'], rules: restrictImports(noSrc, noPastFace('\\./modules/')) },
  { files: ['common/**'], rules: restrictImports(noServerFromCommon, noAppFromCommon) },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'packages/*/build.mjs', 'tests/**/*.ts', 'common/**/*.ts', '*.config.{js,ts,cjs,mjs}', '*.ts'],
    ignores: ['tests/component/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  // The service worker: a plain script the build prefixes with its release's VERSION and PRECACHE.
  {
    files: ['src/service-worker/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker, VERSION: 'readonly', PRECACHE: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
