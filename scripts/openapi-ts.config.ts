import { defineConfig } from '@hey-api/openapi-ts';

export default defineConfig({
  input: './generated/openapi.json',
  output: { path: './generated/api' },
  logs: { level: 'warn', file: false },
  plugins: [
    '@hey-api/client-fetch',
    '@hey-api/typescript',
    { name: '@hey-api/sdk', validator: false },
    'zod',
    '@tanstack/react-query',
  ],
});
