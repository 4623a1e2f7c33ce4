// The analysis board: a position set up by clicks, every move's value read (proven where the
// engine proves it), moves played and branched, the link opened in a new browser context, a
// record imported. Screenshots go to output/ (see browser.mjs), to be looked at.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, OUT, DESKTOP, PHONE, useBrowser, newPage, openPage, shotAndCheck, chooseLanguage } from './browser.mjs';

// South's only move, S7, loses the round by 4 with best play (`rajapasu analyze`).
const SMALL = '0,0,0,0,0,0,1/0,0,0,0,1,0,1 S 47 48';

useBrowser();

async function open(viewport = DESKTOP, path = '/analysis') {
  const { context, page } = await openPage('/', { lang: 'en-GB', viewport, slow: true });
  await page.evaluate(() => localStorage.setItem('rajapasu.analysisTime', '500'));
  await page.goto(`${BASE}${path}`);
  await ready(page);
  return { context, page };
}

/** Waits for the analysis of the position shown, `position` if given. */
async function ready(page, position) {
  await page.waitForFunction(
    (p) => {
      const a = document.getElementById('analysis');
      return a.dataset.state === 'ready' && (!p || a.dataset.position === p) && document.querySelector('#an-table tbody tr');
    },
    position ?? null,
  );
}

async function values(page) {
  return page.$$eval('#an-table tbody tr[data-move]', (rows) =>
    rows.map((r) => ({ move: Number(r.dataset.move), exact: r.dataset.exact === 'true', text: r.querySelector('.an-value').textContent })),
  );
}

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`set up a position by clicks, read the values, share the link (${size})`, async () => {
    const { context, page } = await open(viewport);
    // The start of a round: seven moves, every value proven from the opening book with no
    // table (docs/SOLVING.md, section 6): S3 and S6 win by 16, S5 draws.
    const start = await values(page);
    assert.deepEqual(start.map((v) => v.move), [3, 6, 4, 1, 2, 7, 5]);
    assert.deepEqual(start.map((v) => [v.exact, v.text]), [
      [true, 'Wins the round by 16 proven'],
      [true, 'Wins the round by 16 proven'],
      [true, 'Wins the round by 10 proven'],
      [true, 'Wins the round by 8 proven'],
      [true, 'Wins the round by 8 proven'],
      [true, 'Wins the round by 4 proven'],
      [true, 'The round is drawn proven'],
    ]);
    // No search ran: the footer says where the values come from, not "depth 0, 0 positions".
    assert.equal(await page.textContent('#an-depth'), 'Every value comes from the proven opening book: solved in advance, no search needed.');
    // The test server builds no table: no line about it.
    assert.equal(await page.isVisible('#an-tablebase'), false);
    await shotAndCheck(page, `analysis-book-${size}`);

    await page.click('#an-edit');
    assert.equal(await page.getAttribute('#an-edit', 'aria-pressed'), 'true');
    await page.click('#an-empty');
    // Closing N2 closes N1 too (closed holes sit at the start of their owner's row); a click on
    // the closed N1 opens them both again.
    await page.check('input[name=tool][value=close]');
    await page.click('#an-board [data-hole="N2"]');
    assert.match(await page.inputValue('#an-code'), /\/x,x,0,0,0,0,0 S /);
    assert.match(await page.getAttribute('#an-board [data-hole="N1"]', 'aria-label'), /closed/);
    await page.click('#an-board [data-hole="N1"]');
    assert.match(await page.inputValue('#an-code'), /\/0,0,0,0,0,0,0 S /);
    await page.check('input[name=tool][value=add]');
    for (const hole of ["S7", "N5", "N7"]) await page.click(`#an-board [data-hole="${hole}"]`);
    // Two counters too many on N5, then one taken off again: the remove tool.
    await page.click('#an-board [data-hole="N5"]');
    await page.check('input[name=tool][value=remove]');
    await page.click('#an-board [data-hole="N5"]');
    assert.equal(await page.getAttribute('#an-total', 'data-ok'), 'false');
    await page.fill('#an-cap-s', '47');
    await page.fill('#an-cap-n', '48');
    assert.equal(await page.getAttribute('#an-total', 'data-ok'), 'true');
    assert.equal(await page.inputValue('#an-code'), SMALL);
    await page.screenshot({ path: `${OUT}/analysis-setup-${size}.png`, fullPage: true });
    await page.click('#an-done');
    await ready(page, SMALL);
    assert.equal(await page.isVisible('#an-setup'), false);
    await page.selectOption('#an-mode', 'round');
    await ready(page, SMALL);
    const small = await values(page);
    assert.deepEqual(small, [{ move: 7, exact: true, text: 'Loses the round by 4 proven' }]);
    assert.match(await page.getAttribute('#an-table tbody tr[data-move="7"] .an-play', 'aria-label'), /^Play S7: Loses the round by 4 \(proven\)$/);
    await page.screenshot({ path: `${OUT}/analysis-proven-${size}.png`, fullPage: true });

    // Play the move on the board: North to move, and the link holds the line.
    await page.click('#an-board [data-hole="S7"]');
    const after = '0,0,0,0,0,0,0/1,0,0,0,1,0,1 N 47 48';
    await ready(page, after);
    assert.match(await page.textContent('#an-status'), /North to move/);
    const link = await page.inputValue('#an-link');
    assert.match(link, /\/analysis\?rules=canonical\/mode=round&position=0,0,0,0,0,0,1\/0,0,0,0,1,0,1\+S\+47\+48&moves=7$/);
    assert.equal(new URL(page.url()).search, new URL(link).search);
    const shown = await values(page);

    // A new context (no storage shared) opening the link sees the same position and values.
    const other = await newPage('en-GB', viewport);
    await other.page.goto(link);
    await ready(other.page, after);
    assert.deepEqual(await values(other.page), shown);
    assert.equal(await other.page.$$eval('#an-line button', (b) => b.length), 1);
    assert.equal(await other.page.inputValue('#an-mode'), 'round');
    await shotAndCheck(other.page, `analysis-shared-${size}`);
    // Stepping back returns to the set-up position.
    await other.page.click('#an-back');
    await ready(other.page, SMALL);
    await other.context.close();
    await context.close();
  });
}

test('play, step back, branch, step through the best line', async () => {
  const { context, page } = await open();
  await page.click('#an-table tbody tr[data-move="1"] .an-play');
  await ready(page, '3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4');
  await page.click('#an-back');
  await ready(page, '7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0');
  // Forward goes back into the line played.
  await page.click('#an-forward');
  await ready(page, '3,1,0,0,0,14,0/14,2,14,14,1,14,2 N 15 4');
  await page.click('#an-first');
  await ready(page, '7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0');
  await page.click('#an-board [data-hole="S2"]');
  await page.waitForFunction(() => document.getElementById('analysis').dataset.position !== '7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0');
  await ready(page);
  await page.click('#an-first');
  await ready(page, '7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0');
  // Both lines are kept: the start has two continuations.
  const branches = await page.$$eval('#an-variations button', (b) => b.map((x) => x.textContent));
  assert.deepEqual(branches, ['1', '2']);
  // The best line's third move: three moves played at once.
  const best = await page.$eval('#an-table tbody tr[data-move]', (r) => Number(r.dataset.move));
  await page.click('#an-table tbody tr[data-move] .an-pv button >> nth=2');
  await page.waitForFunction(() => document.querySelectorAll('#an-line button[aria-current="true"]').length === 1);
  await ready(page);
  const line = await page.$$eval('#an-line button', (b) => b.map((x) => x.textContent));
  assert.equal(line.length, 3);
  assert.match(line[0], new RegExp(`^1\\. S${best}$`));
  assert.match(new URL(page.url()).search, /&moves=\d\.\d\.\d$/);
  await context.close();
});

test('in a match, the proven match value of the round start and what a round must bring', async () => {
  // The board analyses a single round unless asked for the match.
  const { context, page } = await open(DESKTOP, '/analysis?rules=canonical');
  await page.waitForSelector('#an-match:not([hidden])');
  const value = await page.textContent('#an-match-value');
  assert.match(value, /^This round began with South holding 49 counters and North 49, South leading\. The match from there, proven/);
  assert.match(await page.textContent('#an-match-stakes'), /^After a round, South stays in the match with \d+ counters or more/);
  await shotAndCheck(page, 'analysis-match');
  // A single round has no match value.
  await page.goto(`${BASE}/analysis?rules=${encodeURIComponent('canonical/mode=round')}`);
  await ready(page);
  assert.equal(await page.isHidden('#an-match'), true);
  await context.close();
});

test('a record whose first line is a comment is imported, with its moves to step through', async () => {
  const { context, page } = await open();
  await page.click('#an-share-heading ~ details summary');
  await page.fill('#an-record', '{Round 1} 1. 1 2 *');
  await page.click('#an-import');
  // The position after 1 2 (docs/CLI.md's `rajapasu state --moves "1 2"`).
  await ready(page, '0,2,0,0,0,14,0/14,0,15,15,0,15,0 S 19 4');
  assert.deepEqual(await page.$$eval('#an-line button', (b) => b.map((x) => x.textContent)), ['1. S1', '2. N2']);
  assert.equal(await page.inputValue('#an-mode'), 'match');
  const legal = await page.$$eval('#an-board .hole.playable', (h) => h.map((e) => e.dataset.hole));
  assert.deepEqual(legal, ['S2', 'S6']);
  // A bad position code is refused with the server's reason, and the board stays.
  await page.fill('#an-code', '1,2,3/4 S 0 0');
  await page.click('#an-code-go');
  await page.waitForFunction(() => document.getElementById('an-error').textContent.includes('position'));
  assert.equal(await page.getAttribute('#analysis', 'data-position'), '0,2,0,0,0,14,0/14,0,15,15,0,15,0 S 19 4');
  await context.close();
});

for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
  test(`the endgame table's build shows how far it is, in the page's language (${size})`, async () => {
    const { context, page } = await openPage('/', { lang: 'en-GB', viewport, slow: true });
    // The server as it is while it builds the table (GET /api/tablebase, docs/API.md).
    let state = { state: 'building', percent: 43, positions_ready: 192359956, positions: 447348736, layers_ready: 60, layers: 433, builder_pid: null, message: null };
    await page.route('**/api/tablebase', (route) => route.fulfill({ json: state }));
    await page.evaluate(() => localStorage.setItem('rajapasu.analysisTime', '500'));
    await page.goto(`${BASE}/analysis?rules=canonical/mode=round&position=0,1,0,2,0,0,3/0,0,1,0,3,0,2+S+40+46`);
    await ready(page);
    await page.waitForFunction(() => !document.getElementById('an-tablebase').hidden);
    assert.equal(await page.textContent('#an-tablebase'), 'Proven values: endgame table 43% built.');
    // A position outside the book: the footer tells the search.
    assert.match(await page.textContent('#an-depth'), /^Search depth \d+, [\d,]+ positions, [\d.]+ s\.$/);
    await shotAndCheck(page, `analysis-table-building-${size}`);
    // In Tamil, the same line in Tamil digits or not, with the percentage.
    await chooseLanguage(page, 'ta');
    await page.waitForFunction(() => !document.getElementById('an-tablebase').textContent.startsWith('Proven'));
    assert.match(await page.textContent('#an-tablebase'), /இறுதியாட்ட அட்டவணை .*43.*% உருவாக்கப்பட்டது/);
    await shotAndCheck(page, `analysis-table-building-ta-${size}`);
    await chooseLanguage(page, 'en');
    // A build that stopped says so, with the server's reason on hover; a whole table, nothing.
    const reason = 'the table stops at 21 counters: layer 22 needs 2100 MB, over --tablebase-memory 2048 MB';
    state = { ...state, state: 'stopped', percent: 61, message: reason };
    await page.reload();
    await ready(page);
    await page.waitForFunction(() => document.getElementById('an-tablebase').textContent.includes('61'));
    assert.equal(await page.textContent('#an-tablebase'), 'Proven values: endgame table 61% built; its build has stopped.');
    assert.equal(await page.getAttribute('#an-tablebase', 'title'), reason);
    state = { ...state, state: 'done', percent: 100, message: null };
    await page.reload();
    await ready(page);
    assert.equal(await page.isVisible('#an-tablebase'), false);
    await context.close();
  });
}
