import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The boundaries of src/ as eslint.config.js states them, checked on imports as source text.
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, from: string) {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, { filePath });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').length > 0;
}

// The first lint loads the parser and the config, which can take longer than a test's 5 s on a busy machine.
beforeAll(() => restricted('src/lib/x.ts', './format'), 60_000);

describe('import boundaries of the app', () => {
  it('keeps a feature out of other features, nested or not', async () => {
    expect(await restricted('src/features/customers/x.tsx', '../products/product-form')).toBe(true);
    expect(await restricted('src/features/activity/capture/x.tsx', '../../time-tracking/format')).toBe(true);
    expect(await restricted('src/features/activity/x.tsx', '../../features/auth/schemas')).toBe(true);
  });

  it('lets a feature use its own files, components and lib', async () => {
    expect(await restricted('src/features/activity/capture/x.tsx', '../api/cache')).toBe(false);
    expect(await restricted('src/features/customers/x.tsx', '../../components/empty-state')).toBe(false);
    expect(await restricted('src/features/customers/x.tsx', '../../lib/format')).toBe(false);
  });

  it('keeps components and lib free of features', async () => {
    expect(await restricted('src/components/app-shell/x.tsx', '../../features/time-tracking/running-timers-bar')).toBe(true);
    expect(await restricted('src/lib/x.ts', '../features/customers/customer-form')).toBe(true);
    expect(await restricted('src/lib/x.ts', './format')).toBe(false);
  });

  it('lets routes compose features', async () => {
    expect(await restricted('src/routes/_app/x.tsx', '../../features/customers/customer-list')).toBe(false);
  });

  it('keeps the server out of the app', async () => {
    expect(await restricted('src/lib/x.ts', '../../server/platform/errors')).toBe(true);
    expect(await restricted('src/routes/x.tsx', '../../server/app')).toBe(true);
    expect(await restricted('src/lib/x.ts', '../../generated/api/types.gen')).toBe(false);
  });
});

describe('import boundaries of the server', () => {
  it('keeps platform/ and db/ free of modules and the entry point', async () => {
    expect(await restricted('server/platform/x.ts', '../modules/customers/customers.service')).toBe(true);
    expect(await restricted('server/db/x.ts', '../modules/auth/auth.repository')).toBe(true);
    expect(await restricted('server/platform/x.ts', '../app')).toBe(true);
    expect(await restricted('server/db/x.ts', '../platform/time-zone')).toBe(false);
  });

  it('lets modules reach platform/ but not the entry point', async () => {
    expect(await restricted('server/modules/customers/x.ts', '../../app')).toBe(true);
    expect(await restricted('server/modules/customers/x.ts', '../../platform/handler')).toBe(false);
    expect(await restricted('server/modules/customers/x.ts', '../../db/audit')).toBe(false);
  });

  it('lets a module reach another only through its public face', async () => {
    expect(await restricted('server/modules/invoice/x.ts', '../customers/customers.repository')).toBe(true);
    expect(await restricted('server/modules/users/x.ts', '../auth/auth.handlers')).toBe(true);
    expect(await restricted('server/modules/invoice/x.ts', '../../modules/customers/customers.service')).toBe(true);
    expect(await restricted('server/modules/invoice/x.ts', '../customers/index')).toBe(true);
    expect(await restricted('server/modules/invoice/x.ts', '../customers')).toBe(false);
    expect(await restricted('server/modules/invoice/x.ts', './invoice.repository')).toBe(false);
  });

  it('composes the modules from their faces only', async () => {
    expect(await restricted('server/modules/services.ts', './auth/auth.service')).toBe(true);
    expect(await restricted('server/modules/services.ts', './auth')).toBe(false);
    expect(await restricted('server/app.ts', './modules/health/health.handlers')).toBe(true);
    expect(await restricted('server/app.ts', './modules/health')).toBe(false);
    expect(await restricted('server/app.ts', './modules/services')).toBe(false);
  });

  it('keeps the app out of the server, and common/ out of both', async () => {
    expect(await restricted('server/modules/invoice/x.ts', '../../../src/lib/format')).toBe(true);
    expect(await restricted('server/platform/x.ts', '../../src/lib/format')).toBe(true);
    expect(await restricted('server/modules/invoice/x.ts', '../../../common/spreadsheet-cells')).toBe(false);
    expect(await restricted('src/lib/x.ts', '../../common/spreadsheet-cells')).toBe(false);
    expect(await restricted('common/x.ts', '../server/platform/errors')).toBe(true);
    expect(await restricted('common/x.ts', '../src/lib/format')).toBe(true);
  });
});
