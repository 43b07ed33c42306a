#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (TypeScript through tsx) in the foreground, passing signals on for a clean shutdown.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

function newestChange(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((name) => newestChange(path.join(target, name))));
}

const isBuildStale =
  !fs.existsSync(builtIndex) || fs.statSync(builtIndex).mtimeMs < Math.max(...sources.map(newestChange));
if (isBuildStale) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@limbus/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const server = spawn(tsx, [path.join(root, 'apps/server/src/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
