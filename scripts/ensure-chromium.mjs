// End-to-end tests drive Debian's Chromium. Installs it when missing and allowed (root with apt).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);
if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
  console.error(`Chromium is missing at ${chromium}. Install Debian's package: sudo apt-get install -y chromium`);
  process.exit(1);
}
console.log('Installing Debian chromium for the end-to-end tests ...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium', 'poppler-utils'], { stdio: 'inherit', env });
