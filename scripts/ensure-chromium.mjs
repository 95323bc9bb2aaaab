// End-to-end tests drive Debian's Chromium, render work-confirmation PDFs with pdftoppm
// (poppler-utils) and speak a dictation into Chromium's fake microphone with espeak-ng. Installs
// whichever is missing when allowed (root with apt).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing = [];
if (!fs.existsSync(chromium)) missing.push('chromium');
if (!fs.existsSync('/usr/bin/pdftoppm')) missing.push('poppler-utils');
if (!fs.existsSync('/usr/bin/espeak-ng')) missing.push('espeak-ng');
if (missing.length === 0) process.exit(0);
if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
  console.error(`Missing for the tests: ${missing.join(', ')}. Install Debian's packages: sudo apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}
console.log(`Installing Debian ${missing.join(' and ')} for the tests ...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
