// The built app's Vite manifest (dist/.vite/manifest.json), for the checks that run after a build
// (check-bundle-size.mjs, mantine-styles.mjs). The server reads it the same way at start
// (server/platform/app-shell.ts).
import fs from 'node:fs';
import path from 'node:path';

export const dist = path.resolve(import.meta.dirname, '..', 'dist');

/** The manifest; exits with a hint when the app is not built. */
export function readManifest() {
  const file = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) {
    console.error('dist/.vite/manifest.json is missing: run `npm run build` first.');
    process.exit(1);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** The manifest key of the app's entry, and of the signed-in screens' layout. */
export const entryKeyOf = (manifest) => Object.keys(manifest).find((key) => manifest[key].isEntry);
export const LAYOUT_KEY = 'src/routes/_app.tsx?tsr-split=component';

/** Every file a manifest entry loads at once: its JavaScript and CSS with its static imports'. */
export function closure(manifest, key, into = { scripts: new Set(), styles: new Set(), seen: new Set() }) {
  const chunk = manifest[key];
  if (!chunk || into.seen.has(key)) return into;
  into.seen.add(key);
  into.scripts.add(chunk.file);
  for (const css of chunk.css ?? []) into.styles.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}
