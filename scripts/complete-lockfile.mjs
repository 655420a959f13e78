/**
 * `npm run lock:complete`, after any `npm install`: adds to package-lock.json the platform-specific
 * optional packages (esbuild, biome, rollup, tailwind oxide, lightningcss binaries for other
 * systems) that the registry this project installs from does not serve. npm drops optional
 * packages it cannot fetch from the lock, and `npm ci` then refuses the lock as out of sync;
 * with these entries (platform-tagged, so npm never fetches them on a machine they do not fit)
 * the lock is complete for every system. Hand-written because no npm option does this.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

/** os / cpu / libc of a platform package, read from its name (e.g. cli-linux-x64-musl). */
function platformOf(name) {
  const base = name.split('/').pop();
  const os = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony', 'wasi'].find(
    (o) => base.includes(o === 'win32' ? 'win32' : o),
  );
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'].find((c) =>
    new RegExp(`(^|-)${c}($|-|eabi|gnu)`).test(base),
  );
  const libc = base.includes('musl') ? 'musl' : os === 'linux' && base.includes('gnu') ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const parentDir = path === '' ? '' : `${path}/`;
    const nested = `${parentDir}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform binary: leave it for npm to resolve
    packages[hoisted] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
      ...(os ? { os: [os] } : {}),
    };
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform packages added`);
