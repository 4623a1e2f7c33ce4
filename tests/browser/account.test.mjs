// Accounts in the page: a guest's game moves to the new account, another browser logs in and
// finds it on the Play page's list; bad names are refused in the page's language; the account
// page in every language at a desktop and a phone width, with 44 px targets and nothing
// overflowing. Screenshots go to output/ (see browser.mjs).

import assert from 'node:assert/strict';
import { BASE, DESKTOP, PHONE, REGION, LANGS, catalog, useBrowser, pageTest, openPage, shotAndCheck, keptGame, fresh } from './browser.mjs';

useBrowser();

/** Registers `name` on the account page the browser is on. */
async function register(page, name, password) {
  await page.waitForSelector('#signed-out:not([hidden])');
  await page.fill('#register-form input[name=name]', name);
  await page.fill('#register-form input[name=password]', password);
  await page.click('#register-form button[type=submit]');
}

pageTest('a guest registers, the guest game moves to the account, and another browser finds it after logging in', { path: '/', viewport: DESKTOP }, async (page) => {
  // A guest's online game, kept in this browser as the home page keeps it.
  const { id } = await keptGame(page, 'rajapasu', { kind: 'online', mode: 'round' });
  await page.click('a[href="/account"]');
  const name = fresh('Kavi');
  await register(page, name, 'kavi long secret');
  await page.waitForSelector('#signed-in:not([hidden])');
  assert.equal(await page.textContent('#account-name'), name);
  assert.deepEqual(await page.$$eval('#account-games a', (a) => a.map((e) => e.getAttribute('href'))), [`/g/${id}`]);
  // The session cookie is out of the page's reach.
  assert.equal(await page.evaluate(() => document.cookie.includes('rajapasu_session')), false);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'rajapasu_session');
  assert.ok(session && session.httpOnly && session.sameSite === 'Lax', JSON.stringify(cookies));

  // Another device: nothing there until the player logs in, then the game is on the Play page.
  const { context, page: other } = await openPage('/account', { viewport: PHONE, phone: true });
  try {
    await other.waitForSelector('#login-form');
    await other.fill('#login-form input[name=name]', name.toUpperCase());
    await other.fill('#login-form input[name=password]', 'wrong password');
    await other.click('#login-form button[type=submit]');
    await other.waitForFunction(() => document.getElementById('login-error').textContent !== '');
    assert.equal(await other.textContent('#login-error'), catalog('en')['error.wrong_login']);
    await other.fill('#login-form input[name=password]', 'kavi long secret');
    await other.click('#login-form button[type=submit]');
    await other.waitForSelector('#signed-in:not([hidden])');
    await shotAndCheck(other, 'account-signed-in-phone');
    await other.goto(`${BASE}/`);
    await other.waitForSelector('#my-games-card:not([hidden])');
    assert.deepEqual(await other.$$eval('#my-games a', (a) => a.map((e) => e.getAttribute('href'))), [`/g/${id}`]);
    // Logged out everywhere from the phone: the first browser is out too.
    await other.goto(`${BASE}/account`);
    await other.click('#logout-everywhere');
    await other.waitForSelector('#signed-out:not([hidden])');
  } finally {
    await context.close();
  }
  await page.reload();
  await page.waitForSelector('#signed-out:not([hidden])');
});

pageTest('a name with look-alike letters is refused, in Sinhala', { path: '/account', lang: 'si-LK', viewport: PHONE, phone: true }, async (page) => {
  // A Cyrillic а among Latin letters.
  await register(page, 'm\u0430ya', 'a long secret');
  await page.waitForFunction(() => document.getElementById('register-error').textContent !== '');
  assert.equal(await page.textContent('#register-error'), catalog('si')['error.name_confusable']);
  await register(page, 'ma\u0007ya', 'a long secret');
  await page.waitForFunction((m) => document.getElementById('register-error').textContent === m, catalog('si')['error.name_control']);
});

for (const code of LANGS) {
  for (const viewport of [DESKTOP, PHONE]) {
    const phone = viewport === PHONE;
    pageTest(`the account page in ${code} at ${viewport.width} px`, { path: '/account', lang: REGION[code] || code, viewport, phone }, async (page) => {
      await page.waitForFunction((h) => document.querySelector('h1').textContent === h, catalog(code)['account.title']);
      await page.waitForSelector('#signed-out:not([hidden])');
      await shotAndCheck(page, `account-${code}-${viewport.width}`);
      if (phone) {
        const small = await page.$$eval('#signed-out input, #signed-out button', (es) =>
          es.map((e) => [e.name || e.textContent, e.getBoundingClientRect().height]).filter(([, h]) => h < 44));
        assert.deepEqual(small, [], 'targets at least 44 px high');
      }
    });
  }
}
