// The package's entry (copied beside the generated files by build.mjs): every SDK function and
// type of the contract, the fetch client to configure, and names that read well in integrations.
export * from './generated';
export { createClient, createConfig } from './client';
export type { Client, Config, RequestResult } from './client';
export { customersGetAll as listCustomers, customersGet as getCustomer, timeTracksGet as listTimeTracks } from './sdk.gen';
