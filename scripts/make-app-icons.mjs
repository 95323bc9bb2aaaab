// The installable app's icons (web app manifest, iOS home screen), drawn from the favicon's logo
// with sharp. Run after changing public/favicon.svg: node scripts/make-app-icons.mjs
// "any" icons keep the favicon's rounded square; "maskable" ones fill the square edge to edge with
// the logo inside the safe zone (80 %), since Android cuts them to its own shape.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const svg = fs.readFileSync(path.join(root, 'public', 'favicon.svg'), 'utf8');
const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<rect[^>]*\/>/, '');
const out = path.join(root, 'public', 'icons');
fs.mkdirSync(out, { recursive: true });

const square = (size, fullBleed) => {
  const scale = fullBleed ? 0.8 : 1;
  const offset = (32 - 32 * scale) / 2;
  const background = fullBleed ? '<rect width="32" height="32" fill="#059669"/>' : '<rect width="32" height="32" rx="8" fill="#059669"/>';
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${background}<g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`,
  );
};

const icons = [
  { name: 'icon-192.png', size: 192, fullBleed: false },
  { name: 'icon-512.png', size: 512, fullBleed: false },
  { name: 'maskable-192.png', size: 192, fullBleed: true },
  { name: 'maskable-512.png', size: 512, fullBleed: true },
  // iOS ignores the manifest's icons and rounds the corners itself: a full square.
  { name: 'apple-touch-icon-180.png', size: 180, fullBleed: true },
];
for (const icon of icons) {
  await sharp(square(icon.size, icon.fullBleed), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, icon.name));
  console.log(`public/icons/${icon.name}`);
}
