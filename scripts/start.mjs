// `npm start`: builds the web app when it is missing or older than its sources, then serves the portal.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/prerender.ts', 'apps/web/precompress.ts', 'apps/web/first-load.ts', 'packages/shared/src'];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(full).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

// SKIP_WEB_BUILD=1: serve what is built (the API alone when nothing is), for test rigs that start several servers at
// once and use only the API; concurrent builds would write the same apps/web/dist.
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (process.env.SKIP_WEB_BUILD !== '1' && builtAt < Math.max(...sources.map(newestMtime))) {
  // The build's own output (a hundred lines, and warnings about other people's comments) is shown only when it fails:
  // otherwise the portal's address would scroll out of sight.
  process.stdout.write('Building the web app (about a minute the first time)… ');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    console.log('failed:');
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    process.exit(result.status ?? 1);
  }
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s.`);
}

// V8's young generation may grow to 64 MB a half (16 MB by default). With the default, about one server start in
// three settled into a state where a quarter of each request's short-lived objects outlived two minor collections
// and were promoted, doubling the CPU every answer costs (D-009).
const V8_FLAGS = ['--min-semi-space-size=16', '--max-semi-space-size=64'];
const server = spawn(process.execPath, [...V8_FLAGS, '--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
