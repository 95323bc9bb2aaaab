// ESLint flat config for the app (src), the server, tests and scripts.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'generated/**',
      'dist/**',
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
  {
    files: ['server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', 'tests/**/*.ts', '*.config.{js,ts,cjs,mjs}', '*.ts'],
    ignores: ['tests/component/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
