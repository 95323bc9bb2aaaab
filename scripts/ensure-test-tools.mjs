// The tools the tests run besides Node, all Debian packages. Installs whichever is missing when
// allowed (root with apt):
//  - chromium: the end-to-end tests drive it;
//  - poppler-utils: pdftoppm renders PDFs to images, pdftotext/pdfdetach/pdffonts/pdfinfo read
//    the invoice and work-confirmation PDFs (text, embedded e-invoice XML, embedded fonts);
//  - espeak-ng: speaks a dictation into Chromium's fake microphone;
//  - default-jre-headless and libsaxonhe-java: Saxon-HE, the XSLT 2/3 processor that runs the
//    official e-invoice rules (EN 16931, XRechnung, Factur-X; tests/support/einvoice-rules.ts);
//  - nginx: the load balancer in front of two server processes (tests/api/two-processes.test.ts),
//    run unprivileged with its own configuration in a temporary directory.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const missing = [];
if (!fs.existsSync(chromium)) missing.push('chromium');
if (!['pdftoppm', 'pdffonts', 'pdfinfo', 'pdfdetach'].every((tool) => fs.existsSync(`/usr/bin/${tool}`))) missing.push('poppler-utils');
if (!fs.existsSync('/usr/bin/espeak-ng')) missing.push('espeak-ng');
if (!fs.existsSync('/usr/bin/java')) missing.push('default-jre-headless');
if (!fs.existsSync('/usr/share/java/Saxon-HE.jar')) missing.push('libsaxonhe-java');
if (!fs.existsSync('/usr/sbin/nginx')) missing.push('nginx');
if (missing.length === 0) process.exit(0);
if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
  console.error(`Missing for the tests: ${missing.join(', ')}. Install Debian's packages: sudo apt-get install -y ${missing.join(' ')}`);
  process.exit(1);
}
console.log(`Installing Debian ${missing.join(', ')} for the tests ...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
