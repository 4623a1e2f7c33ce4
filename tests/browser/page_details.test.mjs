// The page's smaller matters, each where a browser can see it: counts in words by the
// language's plural rules, a digit key of a hole that cannot be played answered, the skip link
// past the header, dates by the page's language, the tutorial's words for a touch screen, the
// name asked of guests only, the lobby's forms rated alike, the move's explanation read whole
// on a phone, the rating chart's axes and dates, and the names in the upright Raja's store.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BASE, DESKTOP, PHONE, LANGS, REGION, OUT, catalog, useBrowser, pageTest, openPage, waitPly, createMandiri, layoutProblems, chooseLanguage, localRoundAfterS3, startOnline } from './browser.mjs';

useBrowser();

/** South's S3 from the start leaves N7 with one counter, N2 empty, North to move. */
const afterS3 = localRoundAfterS3;

const label = (page, hole) => page.getAttribute(`#board [data-hole="${hole}"]`, 'aria-label');

pageTest('a hole of one counter is told "1 counter", by the language\'s plural rules', { path: '/', lang: 'en-GB', viewport: DESKTOP }, async (page) => {
  await afterS3(page);
  assert.match(await label(page, 'N7'), /: 1 counter$/);
  assert.match(await label(page, 'N6'), /: 14 counters$/);
  // Estonian's singular.
  await chooseLanguage(page, 'et');
  await page.waitForFunction(() => document.documentElement.lang === 'et');
  assert.match(await label(page, 'N7'), /: 1 nupp$/);
  assert.match(await label(page, 'N6'), /: 14 nuppu$/);
});

pageTest('the digit of a hole that cannot be played says why', { path: '/', lang: 'en-GB', viewport: DESKTOP }, async (page) => {
  await afterS3(page);
  // North to move; N2 is empty.
  await page.focus('#board');
  await page.keyboard.press('2');
  await page.waitForFunction(() => document.getElementById('game-error').textContent !== '');
  const said = await page.textContent('#game-error');
  assert.match(said, /^N2 cannot be played now; playable: N1, N3/);
  assert.equal(await page.getAttribute('#game-error', 'role'), 'alert');
  // A playable hole's digit plays it, and the words go.
  await page.keyboard.press('1');
  await waitPly(page, 2);
  assert.equal(await page.textContent('#game-error'), '');
});

for (const path of ['/', '/lobby', '/learn']) {
  pageTest(`the first Tab on ${path} is a link past the header to the content`, { path, lang: 'en-GB', viewport: PHONE, phone: true }, async (page) => {
    await page.waitForSelector('#lang option', { state: 'attached' });
    await page.keyboard.press('Tab');
    const first = await page.evaluate(() => {
      const e = document.activeElement;
      const r = e.getBoundingClientRect();
      return { cls: e.className, href: e.getAttribute('href'), text: e.textContent, top: r.top, bottom: r.bottom };
    });
    assert.equal(first.cls, 'skip-link');
    assert.equal(first.text, catalog('en')['nav.skip']);
    assert.ok(first.top >= 0 && first.bottom <= PHONE.height, 'shown while focused');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'content');
    // The next Tab is inside the page's content, past the header's links.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => Boolean(document.activeElement.closest('#content'))), true);
  });
}

test('dates are written by the page\'s language, the month by name', async () => {
  // 5 December 2026, noon in Colombo: "12/5/2026" would read as 12 May there.
  const created = Date.UTC(2026, 11, 5, 6, 30) / 1000;
  const { context, page } = await openPage('/', { lang: 'en-US', viewport: DESKTOP });
  try {
    await page.evaluate((c) => localStorage.setItem('rajapasu.games', JSON.stringify({ zzzzzzzzzz: { token: 'x', seat: 'both', kind: 'local', created: c } })), created);
    const expected = { en: /^5 Dec 2026/, bn: /৫ ডিসে, ২০২৬/, et: /5\. dets 2026/, si: /2026 (දෙසැ|උඳුවප්) 5/, ta: /5 டிச\.?,? 2026/ };
    for (const code of LANGS) {
      await page.evaluate((c) => localStorage.setItem('rajapasu.lang', c), code);
      await page.reload();
      await page.waitForFunction((c) => document.documentElement.lang === c, code);
      await page.waitForSelector('#my-games li');
      const item = await page.textContent('#my-games li');
      const when = item.split(' · ')[1];
      assert.match(when, expected[code] || /2026/, `${code}: ${item}`);
      assert.doesNotMatch(item, /\d+\/\d+\/\d+/, `${code}: no all-number date`);
      if (['bn', 'si', 'ta'].includes(code)) assert.doesNotMatch(when, /[A-Za-z]/, `${code}: the month in the language's words`);
    }
  } finally {
    await context.close();
  }
});

for (const code of LANGS) {
  test(`the tutorial in ${code} says "tap" on a touch screen and "click" with a mouse, and "your row"`, async () => {
    const messages = catalog(code);
    for (const phone of [true, false]) {
      const { context, page } = await openPage('/learn', { lang: REGION[code], viewport: phone ? PHONE : DESKTOP, phone });
      try {
        await page.waitForFunction((c) => document.documentElement.lang === c, code);
        await page.waitForFunction(() => document.querySelector('.lesson-goal')?.textContent);
        const goal = await page.textContent('.lesson-goal');
        assert.equal(goal, messages[phone ? 'learn.sow.goalTap' : 'learn.sow.goal']);
        assert.notEqual(messages['learn.sow.goalTap'], messages['learn.sow.goal']);
        const intro = await page.textContent('[data-i18n="learn.intro"]');
        assert.equal(intro, messages['learn.intro']);
      } finally {
        await context.close();
      }
    }
    // "The near row" names no row on an upright board: the intro says "your row".
    for (const near of ['near row', 'কাছের সারি', 'lähemal olev rida', 'ළඟ ඇති පේළිය', 'அருகிலுள்ள வரிசை']) assert.ok(!messages['learn.intro'].includes(near), near);
  });
}

for (const phone of [true, false]) {
  pageTest(`the analysis board's set-up says "${phone ? 'tap' : 'click'}" ${phone ? 'on a touch screen' : 'with a mouse'}`, { path: '/analysis', lang: 'en-GB', viewport: phone ? PHONE : DESKTOP, phone }, async (page) => {
    const messages = catalog('en');
    await page.waitForFunction((text) => document.querySelector('[data-i18n="analysis.tool"]').textContent === text, messages[phone ? 'analysis.toolTap' : 'analysis.tool']);
    assert.equal(await page.textContent('[data-i18n="analysis.setUpHelp"]'), messages[phone ? 'analysis.setUpHelpTap' : 'analysis.setUpHelp']);
  });
}

/** A name no earlier run against the same server has taken. */
const fresh = (stem) => `${stem}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Registers `name` from the page, as the account page does (its context keeps the cookie). */
async function register(page, name) {
  const status = await page.evaluate(async (name) => {
    const r = await fetch('/api/account/register', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, password: 'a long secret' }) });
    localStorage.setItem('rajapasu.signedIn', 'yes');
    return r.status;
  }, name);
  assert.equal(status, 201);
}

test('a guest is asked for a name in an online game, a signed-in player is not', async () => {
  const guest = await openPage('/', { lang: 'en-GB', viewport: DESKTOP });
  const member = await openPage('/', { lang: 'en-GB', viewport: DESKTOP });
  try {
    await startOnline(guest.page);
    assert.ok(await guest.page.isVisible('#name-form'));
    await register(member.page, fresh('Nia'));
    await member.page.reload();
    await startOnline(member.page);
    assert.equal(await member.page.isVisible('#name-form'), false);
  } finally {
    await guest.context.close();
    await member.context.close();
  }
});

pageTest('quick pairing and the challenge form both start rated for a signed-in player', { path: '/lobby', lang: 'en-GB', viewport: DESKTOP }, async (page) => {
  await register(page, fresh('Rae'));
  await page.reload();
  await page.waitForSelector('#seek-rated-field:not([hidden])');
  assert.equal(await page.isChecked('#quick-rated'), true);
  assert.equal(await page.isChecked('#seek-form input[name=rated]'), true);
});

pageTest('on a phone the move\'s explanation is read whole, not in a box that cuts a line', { path: '/', lang: 'en-GB', viewport: PHONE, phone: true }, async (page) => {
  await afterS3(page);
  await page.waitForSelector('#explain:not([hidden])');
  await page.click('#explain summary');
  const box = await page.$eval('#explain-list', (ol) => ({ overflow: getComputedStyle(ol).overflowY, scroll: ol.scrollHeight, client: ol.clientHeight, items: ol.children.length }));
  assert.ok(box.items > 8, 'a long move');
  assert.equal(box.overflow, 'visible');
  assert.ok(box.scroll <= box.client + 1, `${box.scroll} px of list in ${box.client} px`);
});

pageTest('the rating chart has its axes: the ratings and the first and last game\'s dates', { path: '/', lang: 'en-GB', viewport: PHONE, phone: true }, async (page) => {
  const day = Date.UTC(2026, 11, 5, 6, 0) / 1000;
  const history = [1500, 1562, 1530, 1611].map((rating, i) => ({ pool: 'round-blitz', game: `g${i}`, at: day + i * 86400 * 3, rating, deviation: 200, change: i ? rating - 1500 : 0 }));
  await page.route('**/api/players/Chartist', (route) => route.fulfill({ json: { name: 'Chartist', created: day, ratings: { 'round-blitz': { rating: 1611, deviation: 200, provisional: false, games: 4 } }, history, puzzle_rating: null } }));
  await page.route('**/api/players/Chartist/games', (route) => route.fulfill({ json: { playing: [], finished: [] } }));
  await page.goto(`${BASE}/@/Chartist`);
  await page.waitForSelector('.rating-chart');
  const chart = await page.$eval('.rating-chart', (svg) => ({
    axes: svg.querySelectorAll('.axis').length,
    y: [...svg.querySelectorAll('.y-tick')].map((e) => e.textContent),
    x: [...svg.querySelectorAll('.x-tick')].map((e) => e.textContent),
    label: svg.getAttribute('aria-label'),
  }));
  assert.equal(chart.axes, 2);
  assert.deepEqual(chart.y.sort(), ['1500', '1611']);
  assert.deepEqual(chart.x, ['5 Dec 2026', '14 Dec 2026']);
  assert.match(chart.label, /from 1500 on 5 Dec 2026 to 1611 on 14 Dec 2026/);
  assert.deepEqual(await layoutProblems(page), []);
});

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  pageTest(`a player rated before blitz and rapid: both pools chart the old real-time games, then their own (${size})`, { path: '/', lang: 'en-GB', viewport, phone: viewport === PHONE }, async (page) => {
    const day = Date.UTC(2026, 10, 2, 6, 0) / 1000;
    const line = (pool, rating, i) => ({ pool, game: `g${i}`, at: day + i * 86400 * 2, rating, deviation: 90, change: 10 });
    // Three games in the old real-time pool, then one blitz and two rapid games.
    const history = [
      line('round-realtime', 1520, 0), line('round-realtime', 1546, 1), line('round-realtime', 1571, 2),
      line('round-blitz', 1590, 3), line('round-rapid', 1551, 4), line('round-rapid', 1538, 5),
    ];
    const rating = (r, games) => ({ rating: r, deviation: 90, provisional: false, games });
    await page.route('**/api/players/Carrier', (route) => route.fulfill({ json: { name: 'Carrier', created: day, ratings: { 'round-blitz': rating(1590, 4), 'round-rapid': rating(1538, 5), 'match-correspondence': rating(1480, 12) }, history, puzzle_rating: null } }));
    await page.route('**/api/players/Carrier/games', (route) => route.fulfill({ json: { playing: [], finished: [] } }));
    await page.goto(`${BASE}/@/Carrier`);
    await page.waitForSelector('.rating-chart');
    const pools = await page.$$eval('#player-ratings tr', (rows) => rows.map((r) => [r.dataset.pool, r.querySelector('td').textContent]));
    assert.deepEqual(pools, [['round-blitz', 'Single round · blitz'], ['round-rapid', 'Single round · rapid'], ['match-correspondence', 'Match · correspondence']]);
    // A pool's name wraps between words, never inside one ("correspondence" on a phone).
    const broken = await page.$$eval('#player-ratings td:first-child', (cells) => cells.flatMap((td) => {
      const text = td.firstChild;
      let at = 0;
      return text.textContent.split(' ').filter((word) => {
        const range = document.createRange();
        range.setStart(text, at);
        range.setEnd(text, at + word.length);
        at += word.length + 1;
        return range.getClientRects().length > 1;
      });
    }));
    assert.deepEqual(broken, [], 'words broken across lines');
    // One chart a pool with games in its history: blitz's and rapid's, each from the old games.
    const charts = await page.$$eval('#player-charts figure', (f) => f.map((e) => [e.querySelector('figcaption').textContent, e.querySelectorAll('circle').length]));
    assert.deepEqual(charts, [['Single round · blitz', 4], ['Single round · rapid', 5]]);
    const lines = await page.$$eval('#player-history li a', (a) => a.map((e) => e.textContent.split(' · ').slice(0, 2).join(' · ')));
    assert.deepEqual(lines, ['Single round · rapid', 'Single round · rapid', 'Single round · blitz', 'Single round · real-time', 'Single round · real-time', 'Single round · real-time']);
    const filters = await page.$$eval('#archive-filters select[name=speed] option', (o) => o.map((e) => e.value));
    assert.deepEqual(filters, ['', 'blitz', 'rapid', 'correspondence']);
    await page.screenshot({ path: `${OUT}/player-pools-${size}.png`, fullPage: true });
    assert.deepEqual(await layoutProblems(page), []);
  });
}

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  pageTest(`the leaderboard offers each variant's blitz, rapid and correspondence pool (${size})`, { path: '/', lang: 'en-GB', viewport, phone: viewport === PHONE }, async (page) => {
    const asked = [];
    await page.route('**/api/leaderboard/*', (route) => {
      const pool = new URL(route.request().url()).pathname.split('/').pop();
      asked.push(pool);
      route.fulfill({ json: { pool, players: [{ rank: 1, name: `Top-${pool}`, rating: 1712, deviation: 74, provisional: false, games: 23 }] } });
    });
    await page.goto(`${BASE}/players`);
    await page.waitForSelector('#leaderboard a');
    const options = await page.$$eval('#pool option', (o) => o.map((e) => [e.value, e.textContent]));
    assert.deepEqual(options, [
      ['round-blitz', 'Single round · blitz'], ['round-rapid', 'Single round · rapid'], ['round-correspondence', 'Single round · correspondence'],
      ['match-blitz', 'Match · blitz'], ['match-rapid', 'Match · rapid'], ['match-correspondence', 'Match · correspondence'],
      ['mandiri-blitz', 'Mandiri · blitz'], ['mandiri-rapid', 'Mandiri · rapid'], ['mandiri-correspondence', 'Mandiri · correspondence'],
    ]);
    await page.selectOption('#pool', 'match-rapid');
    await page.waitForSelector('#leaderboard a:has-text("Top-match-rapid")');
    assert.deepEqual(asked, ['round-blitz', 'match-rapid']);
    await page.screenshot({ path: `${OUT}/leaderboard-pools-${size}.png`, fullPage: true });
    assert.deepEqual(await layoutProblems(page), []);
  });
}

pageTest('the upright Raja\'s store writes its player\'s name at a readable size, in Tamil too', { path: '/mandiri', lang: REGION.ta, viewport: PHONE, phone: true }, async (page) => {
  await createMandiri(page, { kind: 'computer', player: '1', mode: 'round' });
  await page.waitForSelector('#board.vertical .store.seat-C .store-name');
  await page.waitForFunction(() => document.querySelector('#board .store.seat-C .store-name').textContent !== '');
  const lines = await page.$eval('#board', (svg) => {
    const scale = svg.getScreenCTM().a;
    const name = svg.querySelector('.store.seat-C .store-name');
    const size = parseFloat(getComputedStyle(name).fontSize);
    const spans = name.querySelectorAll('tspan').length ? [...name.querySelectorAll('tspan')] : [name];
    return spans.map((s) => {
      // The line's width as written, against its natural width.
      const copy = s.cloneNode(true);
      copy.removeAttribute('textLength');
      s.parentNode.append(copy);
      const natural = copy.getComputedTextLength();
      copy.remove();
      const drawn = s.getAttribute('textLength') ? Number(s.getAttribute('textLength')) : natural;
      return { text: s.textContent, px: size * scale, squeeze: drawn / natural };
    });
  });
  for (const l of lines) {
    assert.ok(l.px >= 10, `"${l.text}" is ${l.px.toFixed(1)} px high`);
    assert.ok(l.squeeze >= 0.8, `"${l.text}" is narrowed to ${(l.squeeze * 100).toFixed(0)}%`);
  }
});
