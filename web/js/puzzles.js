// The puzzles: one position at a time whose best move is proven the only best (GET
// /api/puzzles/next, /daily, /{id}). The player makes the solver's moves, the page answers with
// one of the opponent's proven best defences, and every move is animated from the engine's own
// trace (POST /api/trace). A wrong move is explained with the proven values the puzzle carries.
// A guest's Glicko-2 rating is kept in this browser; a signed-in player's is their account's
// (GET /api/account), which the server moves itself. Each attempt sends the moves played (POST
// /api/puzzles/{id}/attempt): the server judges them against the solution, rates the attempt
// and keeps the puzzle's rating. With ?game=ID&side=S the page lists
// the player's mistakes of that game (POST /api/puzzles/mistakes), those whose best move is
// proven playable as a puzzle.

import { call, guestPuzzleRating, saveGuestPuzzleRating } from './api.js';
import { Board, followPortrait, holeName } from './board.js';
import { t, setLanguage, preferred, languageSwitch, describeEvent, formatNumber, element, fillSelect } from './i18n.js';

const $ = (id) => document.getElementById(id);
const STREAK_KEY = 'rajapasu.puzzleStreak';
const RULES = 'canonical/mode=round';

const P = {
  mode: 'rated',
  puzzle: null,
  step: null,
  position: '',
  side: 'south',
  board: null,
  busy: false,
  // Whether the attempt was already sent (only the first try of a puzzle is rated).
  sent: false,
  // The moves of this try from the puzzle's position, the player's and the defences answered.
  line: [],
  failed: false,
  hinted: false,
  solved: false,
  streak: 0,
  recent: [],
  themes: {},
  // Signed in: the account's rating (null before its first attempt), not the browser's.
  signedIn: false,
  accountRating: null,
};

function loadRating() {
  return P.signedIn ? P.accountRating : guestPuzzleRating();
}

function saveRating(r) {
  if (P.signedIn) P.accountRating = r;
  else saveGuestPuzzleRating(r);
}

/** Whether a session is signed in, and its account's puzzle rating. */
async function lookUpAccount() {
  try {
    const { account } = await call('GET', '/api/account');
    P.signedIn = Boolean(account);
    P.accountRating = account?.puzzle_rating ?? null;
  } catch {
    // Without an answer the page plays as a guest; the server still rates a session's own.
  }
}

function bestStreak() {
  return Number(localStorage.getItem(STREAK_KEY)) || 0;
}

/** A proven final margin in words: "wins by 7", "draws", "loses by 3". */
export function valueWords(v) {
  if (v > 0) return t('puzzles.wins', { n: formatNumber(v) });
  if (v < 0) return t('puzzles.loses', { n: formatNumber(-v) });
  return t('puzzles.draws');
}

/** The best value of a step's moves: what the move to find makes of the round. */
const bestOf = (step) => Math.max(...step.values.filter((v) => v !== null));

/** The task of the puzzle's first step, by what its best move makes of the round: win the
 *  most, draw where no move wins, or lose the least where every move loses. */
function taskWords(step, side) {
  const best = bestOf(step);
  return t(best > 0 ? 'puzzles.task' : best === 0 ? 'puzzles.taskDraw' : 'puzzles.taskLose', { side });
}

/** The words for a right last move of value `best`: it wins by so much, draws where no move
 *  wins, or loses by the least where every move loses. */
function rightWords(best) {
  if (best > 0) return t('puzzles.right', { value: valueWords(best) });
  return best === 0 ? t('puzzles.rightDraw') : t('puzzles.rightLose', { n: formatNumber(-best) });
}

const other = (side) => (side === 'south' ? 'north' : 'south');
const sideOf = (code) => (code.split(' ')[1] === 'N' ? 'north' : 'south');

function renderRating() {
  const r = loadRating();
  $('pz-rating').textContent = r
    ? t('puzzles.rating', { rating: formatNumber(Math.round(r.rating)), deviation: formatNumber(Math.round(r.deviation)) })
    : t('puzzles.newPlayer');
  $('pz-kept').textContent = t(P.signedIn ? 'puzzles.keptOnAccount' : 'puzzles.kept');
  $('pz-streak').textContent =
    P.mode === 'streak' ? t('puzzles.streakNow', { n: formatNumber(P.streak), best: formatNumber(bestStreak()) }) : t('puzzles.streakBest', { best: formatNumber(bestStreak()) });
}

function renderAbout() {
  const p = P.puzzle;
  if (!p) return;
  // A mistake of the player's own game has no rating: only its position and values.
  // A puzzle whose best move is not clearly better than the next is played, not rated
  // (docs/PUZZLES.md, "Rated puzzles").
  const moves = formatNumber(depth(p.solution));
  $('pz-about').textContent =
    p.rating == null ? '' : p.rated === false ? t('puzzles.aboutUnrated', { margin: formatNumber(p.margin), moves }) : t('puzzles.about', { rating: formatNumber(p.rating_now ?? p.rating), moves });
  $('pz-themes').textContent = p.themes?.length ? t('puzzles.themesAre', { themes: p.themes.map((x) => t(`puzzles.theme.${x}`)).join(', ') }) : '';
  const link = p.id ? `${location.origin}/puzzles/${p.id}` : location.href;
  $('pz-link').value = link;
  $('pz-analysis').href = `/analysis?rules=${encodeURIComponent(p.rules || RULES)}&position=${encodeURIComponent(p.position).replace(/%2C/g, ',').replace(/%2F/g, '/').replace(/%20/g, '+')}`;
}

const depth = (s) => 1 + Math.max(0, ...(s.defences || []).map((d) => depth(d.then)));

function renderTask() {
  if (!P.puzzle) return;
  const who = t(P.side === 'south' ? 'side.south' : 'side.north');
  $('pz-task').textContent = P.solved
    ? t('puzzles.solved')
    : P.failed
      ? t('puzzles.failed')
      : P.step === P.puzzle.solution
        ? taskWords(P.step, who)
        : t('puzzles.taskGoOn', { side: who });
  $('pz-hint').disabled = P.solved || P.failed || P.busy;
  $('pz-retry').hidden = !P.failed;
  for (const b of document.querySelectorAll('.pz-modes button')) b.setAttribute('aria-pressed', String(b.dataset.mode === P.mode));
  $('puzzles').dataset.state = P.solved ? 'solved' : P.failed ? 'failed' : P.busy ? 'busy' : 'ready';
  $('puzzles').dataset.mode = P.mode;
  $('puzzles').dataset.position = P.position;
  renderRating();
  renderAbout();
}

/** Shows a puzzle (as the API gives it) from its start. */
function show(puzzle) {
  Object.assign(P, { puzzle, step: puzzle.solution, position: puzzle.position, side: sideOf(puzzle.position), sent: false, line: [], failed: false, hinted: false, solved: false, busy: false });
  P.recent = [puzzle.id, ...P.recent.filter((x) => x !== puzzle.id)].slice(0, 50);
  P.board.skip();
  P.board.setBottom(P.side);
  P.board.setNames({ [P.side]: t('player.you'), [other(P.side)]: '' });
  P.board.setLastMove([]);
  P.board.setView(puzzle.view);
  $('pz-feedback').textContent = '';
  $('pz-told').replaceChildren();
  $('pz-error').textContent = '';
  if (puzzle.id && P.mode !== 'mistakes' && location.pathname !== `/puzzles/${puzzle.id}`) {
    history.replaceState(null, '', `/puzzles/${puzzle.id}${P.mode === 'rated' ? '' : `?mode=${P.mode}`}`);
  }
  setPlayable();
  renderTask();
}

function setPlayable() {
  const legal = P.step.values.map((v, i) => (v === null ? null : i + 1)).filter(Boolean);
  P.board.setPlayable(P.busy || P.solved || P.failed ? [] : legal.map((n) => holeName(P.side, n)));
}

/** Plays `move` from the current position with the engine's trace, animated. */
async function playMove(move) {
  const trace = await call('POST', '/api/trace', { rules: P.puzzle.rules || RULES, position: P.position, move });
  await P.board.animate(trace.events);
  P.board.setView(trace.after);
  P.board.setLastMove(trace.events);
  P.position = trace.after.position;
  const told = trace.events.map((ev) => describeEvent(ev)).filter(Boolean);
  $('pz-told').replaceChildren(...told.map((text) => element('li', { textContent: text })));
  return trace;
}

async function onPlay(hole) {
  if (P.busy || P.solved || P.failed) return;
  const n = Number(hole.slice(1));
  const step = P.step;
  const best = bestOf(step);
  const got = step.values[n - 1];
  P.busy = true;
  setPlayable();
  renderTask();
  try {
    await playMove(n);
    P.line.push(n);
    if (got === best) {
      const defences = step.defences || [];
      if (!defences.length) {
        P.solved = true;
        $('pz-feedback').textContent = rightWords(best);
        await finish(true);
      } else {
        $('pz-feedback').textContent = t('puzzles.rightGoOn');
        // Any of the equally good defences: the puzzle accepts the line for each.
        const d = defences[Math.floor(Math.random() * defences.length)];
        await playMove(d.move);
        P.line.push(d.move);
        P.step = d.then;
      }
    } else {
      P.failed = true;
      $('pz-feedback').textContent = t('puzzles.wrong', {
        value: valueWords(got),
        best: valueWords(best),
        move: holeName(P.side, step.move),
      });
      await finish(false);
    }
  } catch (e) {
    $('pz-error').textContent = String(e.message || e);
  }
  P.busy = false;
  setPlayable();
  renderTask();
}

/** Sends the first try's moves, for the server to judge: rated in rated and daily mode,
 *  unrated in streak mode. A hint taken makes it a failure whatever the moves. */
async function finish(solved) {
  if (P.mode === 'streak') {
    if (solved) P.streak += 1;
    else {
      if (P.streak > bestStreak()) localStorage.setItem(STREAK_KEY, String(P.streak));
      $('pz-feedback').textContent += ' ' + t('puzzles.streakEnded', { n: formatNumber(P.streak) });
    }
  }
  if (P.sent || !P.puzzle.id) return;
  P.sent = true;
  const rated = P.mode !== 'streak' && P.puzzle.rated !== false;
  try {
    // The rating's three numbers only: an account's comes with `provisional`, which the
    // attempt does not take (and a session's attempt starts from the account's anyway).
    const now = loadRating();
    const player = now && { rating: now.rating, deviation: now.deviation, volatility: now.volatility };
    const r = await call('POST', `/api/puzzles/${P.puzzle.id}/attempt`, { moves: P.line, hinted: P.hinted, player, rated });
    if (rated) saveRating(r.player);
    P.puzzle.rating_now = r.puzzle_rating;
    // The player's new rating at once, as the attempt left it.
    renderRating();
  } catch (e) {
    $('pz-error').textContent = String(e.message || e);
  }
}

function hint() {
  if (!P.step || P.solved || P.failed) return;
  P.hinted = true;
  P.board.mark(holeName(P.side, P.step.move), 'hint');
  P.board.render();
  $('pz-feedback').textContent = t('puzzles.hintGiven', { hole: holeName(P.side, P.step.move) });
}

/** Plays the whole main line from the start: the key move, the first defence, and so on. */
async function showSolution() {
  if (P.busy || !P.puzzle) return;
  if (!P.solved && !P.failed) {
    P.failed = true;
    await finish(false);
  }
  P.busy = true;
  renderTask();
  P.position = P.puzzle.position;
  P.board.setView(P.puzzle.view);
  const moves = [];
  for (let s = P.puzzle.solution; s; ) {
    moves.push(s.move);
    const d = (s.defences || [])[0];
    if (!d) break;
    moves.push(d.move);
    s = d.then;
  }
  try {
    for (const m of moves) await playMove(m);
    $('pz-feedback').textContent = t('puzzles.solutionWas', { moves: moves.map((m, i) => holeName(i % 2 ? other(P.side) : P.side, m)).join(' ') });
  } catch (e) {
    $('pz-error').textContent = String(e.message || e);
  }
  P.busy = false;
  renderTask();
}

function retry() {
  const sent = P.sent;
  show(P.puzzle);
  // A second try is for practice: the first one was rated.
  P.sent = sent;
}

async function next() {
  $('pz-error').textContent = '';
  try {
    if (P.mode === 'daily') {
      show(await call('GET', '/api/puzzles/daily'));
      return;
    }
    // Streak mode climbs from 900 by 75 a puzzle; rated mode chooses near the player's rating.
    const rating = P.mode === 'streak' ? 900 + 75 * P.streak : Math.round(loadRating()?.rating ?? 1500);
    const q = new URLSearchParams({ rating: String(rating), exclude: P.recent.join(',') });
    if ($('pz-theme').value !== 'all' && P.mode !== 'streak') q.set('theme', $('pz-theme').value);
    show(await call('GET', `/api/puzzles/next?${q}`));
  } catch (e) {
    $('pz-error').textContent = String(e.message || e);
  }
}

function setMode(mode) {
  P.mode = mode;
  if (mode === 'streak') P.streak = 0;
  $('pz-theme').disabled = mode !== 'rated';
  next();
}

function fillThemes() {
  const keep = $('pz-theme').value || 'all';
  const options = [{ value: 'all', text: t('puzzles.allThemes') }].concat(
    Object.entries(P.themes)
      .filter(([, n]) => n > 0)
      .map(([name, n]) => ({ value: name, text: `${t(`puzzles.theme.${name}`)} (${formatNumber(n)})` })),
  );
  fillSelect($('pz-theme'), options, keep);
}

/** The puzzle's own parts (task, board, feedback, its buttons, "This puzzle"): shown only
 *  while there is a puzzle to play, never empty. */
function showPuzzleParts(on) {
  // The attribute, not the property: the board is an SVG element, which has no `hidden`.
  for (const e of [$('pz-task'), $('pz-board'), $('pz-feedback'), $('pz-controls'), $('pz-about-card')]) e.toggleAttribute('hidden', !on);
}

/** The list's line for mistake `m` of `side`: a button that replays it when its position's best
 *  value is proven, else the loss proven and why it is no puzzle. */
function mistakeItem(m, side, i) {
  const words = { ply: formatNumber(m.ply), played: holeName(side, m.played), n: formatNumber(m.loss_at_least) };
  if (!m.replayable) {
    return element('li', { textContent: `${t('puzzles.mistakeBounded', words)} ${t('puzzles.mistakeNoPuzzle')}` });
  }
  const best = valueWords(m.best_value);
  const b = element('button', {
    type: 'button',
    // The played move's own value when it is exact, else the least it loses by.
    textContent: m.played_value != null ? t('puzzles.mistake', { ...words, value: valueWords(m.played_value), best }) : t('puzzles.mistakeAtLeast', { ...words, best }),
  });
  b.dataset.mistake = String(i);
  b.addEventListener('click', () => {
    P.mode = 'mistakes';
    showPuzzleParts(true);
    // A mistake is a puzzle of one move: any move of the best value is right. A move whose
    // value is only bounded has none in `values`, so it is not offered.
    show({ id: null, rules: m.rules, position: m.position, view: m.view, themes: [], rating: null, solution: { move: m.best[0], values: m.values, defences: [] } });
    $('pz-board').scrollIntoView({ block: 'nearest' });
  });
  return element('li', {}, b);
}

/** What the status says of `list`: how many mistakes, and which of them play again. */
function mistakesStatus(list) {
  const n = list.length;
  const replayable = list.filter((m) => m.replayable).length;
  if (!n) return t('puzzles.mistakesNone');
  if (replayable === n) return t('puzzles.mistakesFound', { n });
  const again = replayable ? t('puzzles.mistakesSomeReplay', { n: replayable }) : t('puzzles.mistakesNoReplay');
  return `${t('puzzles.mistakesListed', { n })} ${again}`;
}

/** The mistakes of game `id` by `side`; those whose best move is proven are puzzles to replay. */
async function mistakes(id, side) {
  $('pz-mistakes').hidden = false;
  $('pz-mistakes-status').textContent = t('puzzles.mistakesLooking');
  // Nothing to play until a mistake is chosen; another mode brings the puzzle back.
  showPuzzleParts(false);
  for (const b of document.querySelectorAll('.pz-modes button')) {
    b.setAttribute('aria-pressed', 'false');
    b.addEventListener('click', () => showPuzzleParts(true), { once: true });
  }
  $('pz-theme').addEventListener('change', () => showPuzzleParts(true), { once: true });
  try {
    const record = await call('GET', `/api/games/${encodeURIComponent(id)}/record?format=json`);
    const moves = record.moves.map(Number);
    const r = await call('POST', '/api/puzzles/mistakes', { rules: record.rules, start: record.position ?? undefined, moves, side });
    const list = r.mistakes;
    $('pz-mistakes-status').textContent = mistakesStatus(list);
    // In a match each position is a puzzle of its round alone: say so beside the list.
    $('pz-mistakes-round').hidden = !(r.match && list.length);
    $('pz-mistakes-list').replaceChildren(...list.map((m, i) => mistakeItem(m, side, i)));
    $('pz-mistakes-list').querySelector('button')?.click();
  } catch (e) {
    $('pz-mistakes-status').textContent = String(e.message || e);
  }
}

function wire() {
  for (const b of document.querySelectorAll('.pz-modes button')) b.addEventListener('click', () => setMode(b.dataset.mode));
  $('pz-theme').addEventListener('change', () => next());
  $('pz-hint').addEventListener('click', hint);
  $('pz-solution').addEventListener('click', showSolution);
  $('pz-retry').addEventListener('click', retry);
  $('pz-next').addEventListener('click', () => (P.mode === 'mistakes' ? setMode('rated') : next()));
  $('pz-copy').addEventListener('click', async () => {
    $('pz-link').select();
    try {
      await navigator.clipboard.writeText($('pz-link').value);
    } catch {
      // The selected text can still be copied by hand.
    }
  });
  // Keys: 1 to 7 play that hole, h a hint, n the next puzzle (not while typing in a field).
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
    if (/^[1-7]$/.test(e.key) && P.board.playable.has(holeName(P.side, Number(e.key)))) onPlay(holeName(P.side, Number(e.key)));
    else if (e.key === 'h') hint();
    else if (e.key === 'n') $('pz-next').click();
  });
}

async function main() {
  await setLanguage(preferred());
  await lookUpAccount();
  P.board = new Board($('pz-board'), { t, onPlay });
  followPortrait(P.board);
  P.board.speed = Number(localStorage.getItem('rajapasu.speed')) || 3;
  languageSwitch($('lang'), () => {
    fillThemes();
    renderRating();
    renderTask();
    P.board.render();
  });
  wire();
  try {
    const index = await call('GET', '/api/puzzles');
    P.themes = index.themes;
  } catch (e) {
    $('pz-error').textContent = String(e.message || e);
  }
  fillThemes();
  renderRating();
  const q = new URLSearchParams(location.search);
  const id = location.pathname.match(/^\/puzzles\/([A-Za-z0-9]+)$/)?.[1];
  if (q.get('game')) {
    P.mode = 'mistakes';
    await mistakes(q.get('game'), q.get('side') === 'north' ? 'north' : 'south');
    return;
  }
  if (['daily', 'streak'].includes(q.get('mode'))) P.mode = q.get('mode');
  $('pz-theme').disabled = P.mode !== 'rated';
  if (id && P.mode === 'rated') {
    try {
      show(await call('GET', `/api/puzzles/${id}`));
      return;
    } catch (e) {
      $('pz-error').textContent = String(e.message || e);
    }
  }
  await next();
}

main();
