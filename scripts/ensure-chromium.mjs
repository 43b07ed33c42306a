#!/usr/bin/env node
// Makes sure Debian's Chromium is there for the browser tests: installs it with apt-get when
// missing and we may (root). Browsers are never downloaded by a test tool.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (!isRoot || !fs.existsSync('/usr/bin/apt-get')) {
  console.error(
    `Chromium is not at ${chromium}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
      'or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  );
  process.exit(1);
}
console.log('Installing Debian Chromium for the browser tests (apt-get install chromium)...');
const run = (args) =>
  execFileSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
run(['update']);
run(['install', '-y', '--no-install-recommends', 'chromium']);
if (!fs.existsSync(chromium)) {
  console.error(`apt-get finished but ${chromium} is still missing.`);
  process.exit(1);
}
