// The tutorial: six lessons on real positions, then three steps of Raja Pasu Mandiri. The learner
// plays the step's move, the page animates the engine's own trace of it (POST /api/trace, POST
// /api/mandiri/trace), so what it shows is always what the rules do, and then says why, with the
// numbers read from that trace.

import { call } from './api.js';
import { Board, followPortrait, holeName } from './board.js';
import { Board3, MANDIRI_EXAMPLES, RAJA_OPENING, SEATS, seatName, traceMandiri, describeMandiri } from './board3.js';
import { t, setLanguage, preferred, languageSwitch, describeEvent, formatNumber, element, pointerWords } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** The pussa's count and hole, for a lesson's explanation. */
function pussaParams(ev) {
  const p = ev.find((e) => e.event === 'pussa');
  return { count: p.count, hole: p.hole };
}

/**
 * Each lesson: its position (worked out from RULES.md and checked with `rajapasu trace`), the
 * move to make, the events its trace must hold (a lesson whose move no longer shows its point is
 * not shown as if it did), and the numbers its explanation takes from the trace.
 */
export const LESSONS = [
  { key: 'sow', position: '0,3,0,0,0,0,0/0,0,0,0,0,2,1 S 46 46', move: 2, shows: ['no_capture'] },
  { key: 'relay', position: '2,0,0,2,0,0,0/0,0,0,3,0,0,0 S 45 46', move: 1, shows: ['lift', 'lift'] },
  { key: 'four', position: '0,0,0,0,0,3,3/3,0,0,0,0,0,0 S 43 46', move: 6, shows: ['four', 'four'] },
  {
    key: 'pussa',
    position: '0,0,0,0,2,0,0/0,5,0,0,0,0,1 S 45 45',
    move: 5,
    shows: ['pussa'],
    params: pussaParams,
  },
  {
    key: 'end',
    position: '2,0,0,0,0,1,0/0,3,0,0,0,0,0 S 48 44',
    move: 6,
    shows: ['pussa', 'round_end', 'refill'],
    params: (ev) => {
      const end = ev.find((e) => e.event === 'round_end');
      const refill = ev.find((e) => e.event === 'refill');
      return { south: end.captured.south, north: end.captured.north, filled: refill.filled.north };
    },
  },
  {
    key: 'closed',
    position: '0,0,0,0,0,2,0/x,x,0,0,5,0,1 S 35 35 10 10 2',
    move: 6,
    shows: ['pussa'],
    params: pussaParams,
  },
];

/**
 * The Mandiri part: three steps on the three-player board, each traced by the server (POST
 * /api/mandiri/trace): the opening move of the Raja from the start of a match, then the rules
 * page's two examples, played by the learner from the seat to move.
 */
export const MANDIRI_STEPS = [
  {
    key: 'seats',
    hole: RAJA_OPENING,
    shows: ['lift', 'four', 'pussa'],
    params: (ev) => {
      const got = { C: 0, R: 0, L: 0 };
      for (const e of ev) if (e.event === 'four') got[e.to] += 4;
      return { c: got.C, r: got.R, l: got.L };
    },
  },
  { ...MANDIRI_EXAMPLES[0], key: 'four', shows: ['four', 'pussa'], params: pussaParams },
  { ...MANDIRI_EXAMPLES[1], key: 'relay', shows: ['lift', 'four', 'lift', 'pussa'], params: pussaParams },
];

const DONE_KEY = 'rajapasu.learn';

/**
 * The tutorial's two parts, each a list of steps on a board of its own, and each its state
 * (`gen` counts the steps opened, so that an answer or an animation of one opened before is
 * dropped). `id` begins its elements' ids (learn.html), `prefix` its catalog keys, `doneAs` what
 * markDone keeps of a step; `hash(key)` is a step's address. The `main` part keeps its step in
 * the address, and its last step's Next button finishes the tutorial; the other shows its end
 * once its last step is played, and is brought into sight when the address names its step.
 */
const PARTS = [
  {
    id: 'learn',
    main: true,
    steps: LESSONS,
    prefix: 'learn.',
    heading: 'learn.lessonN',
    doneAs: '',
    hash: (key) => `#${key}`,
    Board,
    traceOf: (step) => call('POST', '/api/trace', { position: step.position, move: step.move }),
    hole: (step) => holeName('south', step.move),
    describe: (ev) => describeEvent(ev),
    // The board then shows the position after the move, as the server has it.
    after: (board, trace) => board.setView(trace.after),
  },
  {
    id: 'm-learn',
    steps: MANDIRI_STEPS,
    prefix: 'learn.m.',
    heading: 'learn.m.step',
    doneAs: 'm.',
    hash: (key) => `#mandiri-${key}`,
    Board: Board3,
    traceOf: (step) => traceMandiri(step.hole, step.position),
    hole: (step) => step.hole,
    // The learner's seat (the one to move) as "you", the others by name.
    describe: (ev, trace) =>
      describeMandiri(ev, { mySeat: trace.before.to_move, seat: (s) => seatName(s), player: (p) => t('m.player', { n: p }) }),
    names: (trace) => Object.fromEntries(SEATS.map((s) => [s, s === trace.before.to_move ? t('player.you') : ''])),
  },
].map((part) => ({ ...part, index: 0, board: null, trace: null, played: false, busy: false, gen: 0 }));

function done() {
  try {
    return new Set(JSON.parse(localStorage.getItem(DONE_KEY) || '[]'));
  } catch {
    return new Set();
  }
}

function markDone(key) {
  const d = done();
  d.add(key);
  localStorage.setItem(DONE_KEY, JSON.stringify([...d]));
}

/** Whether a trace holds the events a lesson is about, in that order. */
function shows(events, wanted) {
  let i = 0;
  for (const e of events) if (i < wanted.length && e.event === wanted[i]) i++;
  return i === wanted.length;
}

/** The element of `part` named `name` in learn.html. */
const $part = (part, name) => $(`${part.id}-${name}`);

/** The part's steps as buttons (the done ones marked, the one open current), and the step open. */
function render(part) {
  const d = done();
  $part(part, 'list').replaceChildren(
    ...part.steps.map((step, i) => {
      // The number is written for the language, as every number on the page.
      const b = element('button', { type: 'button', 'data-step': step.key, textContent: `${formatNumber(i + 1)}. ${t(`${part.prefix}${step.key}.title`)}` });
      if (d.has(part.doneAs + step.key)) {
        b.classList.add('done');
        b.setAttribute('aria-label', t('learn.doneLabel', { title: b.textContent }));
      }
      if (i === part.index) b.setAttribute('aria-current', 'step');
      b.addEventListener('click', () => open(part, i));
      return element('li', {}, b);
    }),
  );
  const step = part.steps[part.index];
  const last = part.index + 1 === part.steps.length;
  $part(part, 'title').textContent = t(part.heading, { n: part.index + 1, total: part.steps.length, title: t(`${part.prefix}${step.key}.title`) });
  $part(part, 'goal').textContent = pointerWords(`${part.prefix}${step.key}.goal`);
  $part(part, 'why').hidden = !part.played;
  if (part.played) {
    $part(part, 'why-text').textContent = t(`${part.prefix}${step.key}.why`, step.params?.(part.trace.events));
    const told = part.trace.events.map((ev) => part.describe(ev, part.trace)).filter(Boolean);
    $part(part, 'log').replaceChildren(...told.map((text) => element('li', { textContent: text })));
  }
  const next = $part(part, 'next');
  next.hidden = !part.played || (last && !part.main);
  next.textContent = t(last ? 'learn.finish' : 'learn.next');
  if (!part.main) $part(part, 'done').hidden = !(part.played && last);
  $(part.id).dataset.step = step.key;
  $(part.id).dataset.state = part.played ? 'played' : 'ready';
}

async function open(part, i) {
  const gen = ++part.gen;
  Object.assign(part, { index: i, played: false, trace: null });
  const step = part.steps[i];
  $part(part, 'error').textContent = '';
  $part(part, 'done').hidden = true;
  if (part.main && location.hash !== part.hash(step.key)) history.replaceState(null, '', part.hash(step.key));
  part.board.skip();
  render(part);
  try {
    const trace = await part.traceOf(step);
    if (part.gen !== gen) return;
    if (!shows(trace.events, step.shows)) throw new Error(t('learn.mismatch'));
    part.trace = trace;
    if (part.names) part.board.setNames(part.names(trace));
    part.board.setView(trace.before);
    part.board.mark(part.hole(step), 'hint');
    part.board.setPlayable([part.hole(step)]);
  } catch (e) {
    $part(part, 'error').textContent = String(e.message || e);
  }
}

async function play(part) {
  const step = part.steps[part.index];
  if (!part.trace || part.busy) return;
  part.busy = true;
  const gen = part.gen;
  part.board.setPlayable([]);
  part.board.marks.clear();
  await part.board.animate(part.trace.events);
  part.busy = false;
  if (part.gen !== gen) return;
  part.after?.(part.board, part.trace);
  part.played = true;
  markDone(part.doneAs + step.key);
  render(part);
  if (!$part(part, 'next').hidden) $part(part, 'next').focus();
}

/** The next step; after the main part's last, the end of the tutorial. */
function next(part) {
  if (part.index + 1 < part.steps.length) {
    open(part, part.index + 1);
    return;
  }
  const end = $part(part, 'done');
  end.hidden = false;
  end.scrollIntoView({ block: 'nearest' });
  end.querySelector('a').focus();
}

async function start(part, speed) {
  part.board = new part.Board($part(part, 'board'), { t, onPlay: () => play(part) });
  followPortrait(part.board);
  part.board.speed = speed;
  $part(part, 'skip').addEventListener('click', () => part.board.skip());
  $part(part, 'again').addEventListener('click', () => open(part, part.index));
  $part(part, 'next').addEventListener('click', () => next(part));
  const fromHash = part.steps.findIndex((step) => part.hash(step.key) === location.hash);
  await open(part, Math.max(fromHash, 0));
  if (fromHash >= 0 && !part.main) $(part.id).scrollIntoView();
}

async function main() {
  await setLanguage(preferred());
  languageSwitch($('lang'), () => {
    for (const part of PARTS) {
      render(part);
      part.board?.render();
    }
  });
  const speed = Number(localStorage.getItem('rajapasu.speed')) || 3;
  for (const part of PARTS) await start(part, speed);
}

main();
