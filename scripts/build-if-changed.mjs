// What `npm start` runs before the server: builds the app and the server (`npm run build`) only when
// their inputs changed since the last successful build, so a restart after a crash or a reboot
// starts at once instead of waiting 15-20 s for a build that would produce the same files.
//
// The stamp is a SHA-256 over the path and content of every input: `src/`, `server/`,
// `generated/`, `openapi/`, `public/`, `index.html`, the build's configuration (package.json,
// package-lock.json, vite, TypeScript, PostCSS and Lingui configs) and the build scripts. Every
// `npm run build` that succeeds ends by writing it to `build/stamp.json` (`--write`); it is removed
// before a build starts here, so a build that fails or is interrupted is done again at the next
// start. The build is also done again when one of its outputs is missing.
//
//   node scripts/build-if-changed.mjs            build if needed (what `npm start` does)
//   node scripts/build-if-changed.mjs --check    exit 0 if the build is current, 1 if not; builds nothing
//   node scripts/build-if-changed.mjs --write    record the current inputs as built (after a build of your own)
//   --root <dir>                                  another checkout (the tests use a small one)
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INPUT_DIRS = ['src', 'server', 'generated', 'openapi', 'public'];
const INPUT_FILES = [
  'index.html',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'postcss.config.cjs',
  'lingui.config.ts',
  'scripts/build-server.mjs',
  'scripts/build-if-changed.mjs',
];
const OUTPUTS = ['dist/index.html', 'dist/.vite/manifest.json', 'build/server/main.mjs', 'build/server/worker.mjs'];
const STAMP = 'build/stamp.json';

/** Files under an input folder that are not inputs: ignored by git, made by tools beside the sources. */
function ignored(relative) {
  const name = path.basename(relative);
  if (name.startsWith('.') || name === 'node_modules') return true;
  // Catalogs compiled by `lingui compile` (.gitignore); the build reads the .po files.
  return /^src\/locales\/[^/]+\.(js|mjs|ts)$/.test(relative) && !relative.endsWith('.d.ts');
}

function inputFiles(root) {
  const files = [];
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (ignored(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  for (const dir of INPUT_DIRS) if (fs.existsSync(path.join(root, dir))) walk(dir);
  for (const file of INPUT_FILES) if (fs.existsSync(path.join(root, file))) files.push(file);
  return files.sort();
}

/** The stamp of the inputs as they are now. */
function currentStamp(root) {
  const hash = crypto.createHash('sha256');
  const files = inputFiles(root);
  for (const file of files) {
    hash.update(file).update('\0');
    hash.update(fs.readFileSync(path.join(root, file))).update('\0');
  }
  return { inputs: hash.digest('hex'), files: files.length };
}

/** Why a build is needed, or undefined when the last build is current. */
function staleBecause(root, stamp) {
  const missing = OUTPUTS.find((file) => !fs.existsSync(path.join(root, file)));
  if (missing) return `${missing} is missing`;
  let recorded;
  try {
    recorded = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return 'no build has been recorded';
  }
  if (recorded.inputs !== stamp.inputs) return 'the sources changed since the last build';
  return undefined;
}

function writeStamp(root, stamp) {
  fs.mkdirSync(path.dirname(path.join(root, STAMP)), { recursive: true });
  fs.writeFileSync(path.join(root, STAMP), JSON.stringify({ ...stamp, builtAt: new Date().toISOString() }, null, 2) + '\n');
}

const args = process.argv.slice(2);
const rootIndex = args.indexOf('--root');
const root = path.resolve(rootIndex >= 0 ? args[rootIndex + 1] : path.join(import.meta.dirname, '..'));
const stamp = currentStamp(root);

if (args.includes('--write')) {
  writeStamp(root, stamp);
} else {
  const reason = staleBecause(root, stamp);
  if (args.includes('--check')) {
    console.log(reason ? `build needed: ${reason}` : 'build is current');
    process.exit(reason ? 1 : 0);
  }
  if (!reason) {
    console.log('The build is current (its inputs have not changed): starting without building.');
  } else {
    console.log(`Building the app and the server: ${reason}.`);
    fs.rmSync(path.join(root, STAMP), { force: true });
    const npm = process.env.npm_execpath;
    try {
      // Under npm, the same npm (its script runner is a JavaScript file); otherwise the one on the PATH.
      if (npm && /\.[cm]?js$/.test(npm)) execFileSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' });
      else execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    } catch (error) {
      console.error('The build failed (see above); the server was not started.');
      process.exit(error.status || 1);
    }
    // `npm run build` recorded the inputs as it left them (the router plugin may rewrite src/routeTree.gen.ts).
  }
}
