import { chromium } from 'playwright-core';
const [base, who, w, h, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
await page.goto(base + '/');
const r = await page.request.post(base + '/api/v1/tokens', { data: { email: who, password: 'limbus-demo' } });
const j = await r.json();
await page.evaluate(([t, u]) => { localStorage.setItem('token', 'Bearer ' + t); localStorage.setItem('user', JSON.stringify(u)); }, [j.access_token, j.user]);
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(3500);
  const name = '/tmp/shots/' + p.replace(/\W+/g, '_') + `_${w}.png`;
  await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
  console.log(name);
}
await browser.close();
