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
  { files: ['src/components/**', 'src/lib/**'], rules: restrictImports(noServer, noFeature(features)) },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrictImports(noServer, noFeature(features.filter((other) => other !== feature))),
  })),
  // The server's layers: platform/ and db/ serve the modules and never import one (nor the entry
  // point); a module gets Deps and RouteHandler from platform/handler.ts, never from app.ts.
  {
    files: ['server/platform/**', 'server/db/**'],
    rules: restrictImports({ regex: '^(\\.\\./)+(modules|app)(/|$)', message: 'platform/ and db/ never import a module or the entry point.' }),
  },
  {
    files: ['server/modules/**'],
    rules: restrictImports({ regex: '^(\\.\\./)+app$', message: 'Modules get Deps and RouteHandler from platform/handler.ts, not from the entry point.' }),
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'tests/**/*.ts', '*.config.{js,ts,cjs,mjs}', '*.ts'],
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
