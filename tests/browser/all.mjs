// Runs every browser test file against the server at BASE_URL (run.sh starts one, and one
// Chromium for all the files): two files at a time, the longest first, so that the two
// run side by side until the end. The tests of one file run in order, one after another; the
// files share nothing but the server and the browser (each test has its own games and its own
// browser context, and the screenshots have a name per file), so their order does not matter.
// `node all.mjs [FILE...]` runs the files named instead.

import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

/** The files known to take longest, first, so that the two at a time run side by side until the
 *  end. Every other browser test file runs after them: a new file is never left out. */
const LONGEST = [
  'mandiri.test.mjs',
  'play.test.mjs',
  'languages.test.mjs',
  'mandiri_help.test.mjs',
  'learn.test.mjs',
  'e2e.test.mjs',
  'analysis.test.mjs',
  'puzzles.test.mjs',
  'account.test.mjs',
  'clocks.test.mjs',
  'game_screen.test.mjs',
];

/** Files that need no browser and no server; run.sh runs them first, with node alone. */
const WITHOUT_BROWSER = ['catalogs.test.mjs', 'glossary.test.mjs'];

const here = new URL('.', import.meta.url).pathname;

/** Every browser test file of this directory, the longest first. */
export const FILES = [
  ...LONGEST,
  ...readdirSync(here)
    .filter((f) => f.endsWith('.test.mjs') && !LONGEST.includes(f) && !WITHOUT_BROWSER.includes(f))
    .sort(),
];

const named = process.argv.slice(2);
const files = named.length ? named.map((f) => resolve(f)) : FILES.map((f) => resolve(here, f));
const stream = run({ files, concurrency: 2 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
