/**
 * The firm's product catalogue on the device, for the material capture's search and EAN lookup
 * without a connection (decision 0042).
 *
 * - **Kept after the first visit online, refreshed online**: the active products are fetched page
 *   by page (`Products/GetAll`, 500 a page) when the app starts signed in and online, when the
 *   connection returns and when the material capture opens, at most once an hour, and written to
 *   IndexedDB under the signed-in member.
 * - **Small**: each product is kept as one short row (id, name, EAN, unit, net price, VAT rate), in
 *   the server's order (by name); 5,000 products are well under a megabyte. The rows are read into
 *   memory only for a search made offline and let go when the capture closes (`releaseCatalogue`).
 * - **Searched as the server does**: name, EAN and unit contain the text, case-insensitively.
 * - **Signing out** removes it with the rest of the firm's data (`clearCatalogue`).
 */
import { onlineManager } from '@tanstack/react-query';
import type { Product } from '../../generated/api/types.gen';
import { productsGetAll } from '../../generated/api/sdk.gen';

/** What the capture needs of a product. */
export type CatalogueProduct = Pick<Product, 'id' | 'name' | 'ean' | 'unit' | 'netPrice' | 'vatRate'>;
type Row = [id: string, name: string, ean: string | null, unit: string, netPrice: number, vatRate: Product['vatRate']];

interface KeptCatalogue {
  version: number;
  savedAt: number;
  rows: Row[];
}

const VERSION = 1;
const PAGE_SIZE = 500;
/** A firm has a few hundred to a few thousand products; beyond this the device keeps the first ones. */
const MAX_PAGES = 40;
const REFRESH_MS = 60 * 60 * 1000;

const hasStore = typeof indexedDB !== 'undefined';
let idb: Promise<{ keyval: typeof import('idb-keyval'); store: ReturnType<typeof import('idb-keyval').createStore> }> | null = null;
function keyval() {
  idb ??= import('idb-keyval').then((keyval) => ({ keyval, store: keyval.createStore('fieldbook-catalogue', 'products') }));
  return idb;
}

let owner: string | null = null;
let loaded: Promise<KeptCatalogue | undefined> | null = null;
let refreshing: Promise<void> | null = null;
let lastRefresh = 0;
/** A capture searches offline: its rows stay in memory until it closes. */
let searching = false;

const keyOf = (userId: string) => `member:${userId}`;

function toProduct([id, name, ean, unit, netPrice, vatRate]: Row): CatalogueProduct {
  return { id, name, ean, unit, netPrice, vatRate };
}

function read(): Promise<KeptCatalogue | undefined> {
  const userId = owner;
  if (!hasStore || !userId) return Promise.resolve(undefined);
  loaded ??= keyval()
    .then(({ keyval: kv, store }) => kv.get<KeptCatalogue>(keyOf(userId), store))
    .then((kept) => (kept?.version === VERSION && owner === userId ? kept : undefined))
    .catch(() => undefined);
  return loaded;
}

/** The signed-in member whose catalogue is kept (null: nobody). */
function setCatalogueOwner(userId: string | null): void {
  if (owner === userId) return;
  owner = userId;
  loaded = null;
  lastRefresh = 0;
}

/** Fetches the active products and keeps them, unless that happened within the hour (or `force`). */
export function refreshCatalogue(force = false): Promise<void> {
  const userId = owner;
  if (!hasStore || !userId) return Promise.resolve();
  if (refreshing) return refreshing;
  if (!force && Date.now() - lastRefresh < REFRESH_MS) return Promise.resolve();
  refreshing = (async () => {
    try {
      const kept = await read();
      // Read only for its age: the rows are let go again.
      if (!searching) loaded = null;
      if (!force && kept && Date.now() - kept.savedAt < REFRESH_MS) {
        lastRefresh = kept.savedAt;
        return;
      }
      const rows: Row[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const answer = await productsGetAll({ query: { page, pageSize: PAGE_SIZE, includeArchived: false, isDescending: false }, throwOnError: true });
        const { items, totalCount } = answer.data.data;
        for (const p of items) rows.push([p.id, p.name, p.ean, p.unit, p.netPrice, p.vatRate]);
        if (items.length < PAGE_SIZE || rows.length >= totalCount) break;
      }
      if (owner !== userId) return;
      const next: KeptCatalogue = { version: VERSION, savedAt: Date.now(), rows };
      const { keyval: kv, store } = await keyval();
      await kv.set(keyOf(userId), next, store);
      lastRefresh = next.savedAt;
      // A search already read the old rows: the next one reads the new.
      loaded = null;
    } catch {
      // Offline, signed out meanwhile or storage refused: the kept copy (if any) stays as it was.
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function matches(row: Row, text: string): boolean {
  return row[1].toLowerCase().includes(text) || (row[2] ?? '').toLowerCase().includes(text) || row[3].toLowerCase().includes(text);
}

/** The first `limit` kept products whose name, EAN or unit contains the text; null when none are kept. */
export async function searchCatalogue(text: string, limit = 20): Promise<CatalogueProduct[] | null> {
  searching = true;
  const kept = await read();
  if (!kept) return null;
  const needle = text.trim().toLowerCase();
  const found: CatalogueProduct[] = [];
  for (const row of kept.rows) {
    if (needle && !matches(row, needle)) continue;
    found.push(toProduct(row));
    if (found.length >= limit) break;
  }
  return found;
}

/** The kept product with this EAN: undefined when none has it, null when no catalogue is kept. */
export async function findCatalogueEan(ean: string): Promise<CatalogueProduct | null | undefined> {
  searching = true;
  const kept = await read();
  if (!kept) return null;
  const row = kept.rows.find((r) => r[2] === ean.trim());
  return row ? toProduct(row) : undefined;
}

/** Lets go of the rows read for offline searches (the capture closed); they stay on the device. */
export function releaseCatalogue(): void {
  searching = false;
  loaded = null;
}

/**
 * Keeps the signed-in member's catalogue: refreshed a few seconds after the app starts online (not
 * competing with the first screen) and whenever the connection returns.
 */
export function keepCatalogue(userId: string | null): () => void {
  setCatalogueOwner(userId);
  if (!userId) return () => undefined;
  const timer = setTimeout(() => {
    if (onlineManager.isOnline()) void refreshCatalogue();
  }, 3000);
  const off = onlineManager.subscribe((online) => {
    if (online) void refreshCatalogue();
  });
  return () => {
    clearTimeout(timer);
    off();
  };
}

/** Removes every kept catalogue from the device (signing out). */
export async function clearCatalogue(): Promise<void> {
  owner = null;
  loaded = null;
  lastRefresh = 0;
  if (!hasStore) return;
  const { keyval: kv, store } = await keyval();
  await kv.clear(store).catch(() => undefined);
}
