// Where a CPU profile's time went: self time by package (or the app's own folder) and the
// functions with the most self time. For the profiles `BENCH_PROFILE=dir npm run bench:throughput`
// writes; compare a real and a bare server's profile of the same call.
//
//   node scripts/bench/profile-summary.mjs FILE.cpuprofile [TOP]
import fs from 'node:fs';

const [file, top = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench/profile-summary.mjs FILE.cpuprofile [TOP]');
  process.exit(1);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfMicros.values()].reduce((sum, us) => sum + us, 0);

/** A package, the app's top folder, node's internals, or V8's own entries such as (garbage collector). */
function placeOf(url, name) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const app = url.match(/\/(server|scripts|src)\/([^/]+)/);
  return app ? `${app[1]}/${app[2]}` : url;
}

const byPlace = new Map();
const byFunction = new Map();
for (const [id, us] of selfMicros) {
  const { callFrame } = byId.get(id);
  const place = placeOf(callFrame.url, callFrame.functionName);
  byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  const fn = `${callFrame.functionName || '(anonymous)'}  ${place}:${callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
}
const share = (us) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
console.log('\nSelf time by place:');
for (const [place, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`  ${share(us)}  ${place}`);
console.log('\nSelf time by function:');
for (const [fn, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`  ${share(us)}  ${fn}`);
