// Runs every browser test file against the server at BASE_URL (run.sh starts one, and one
// Chromium for all the files): two files at a time, the longest first, so that the two
// run side by side until the end. The tests of one file run in order, one after another; the
// files share nothing but the server and the browser (each test has its own games and its own
// browser context, and the screenshots have a name per file), so their order does not matter.
// `node all.mjs [FILE...]` runs the files named instead.

import { resolve } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

/** Every browser test file, the longest first. */
export const FILES = [
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
  'hole_states.test.mjs',
  'page_details.test.mjs',
  'lobby.test.mjs',
  'tournaments.test.mjs',
  'tournament_mandiri.test.mjs',
];

const named = process.argv.slice(2);
const here = new URL('.', import.meta.url).pathname;
const files = named.length ? named.map((f) => resolve(f)) : FILES.map((f) => resolve(here, f));
const stream = run({ files, concurrency: 2 });
stream.on('test:fail', () => {
  process.exitCode = 1;
});
stream.compose(spec).pipe(process.stdout);
