// The tutorial: six lessons on real positions. The learner plays the lesson's move, the page
// animates the engine's own trace of it (POST /api/trace), so what it shows is always what the
// rules do, and then says why, with the numbers read from that trace.

import { call } from './api.js';
import { Board, followPortrait, holeName } from './board.js';
import { Board3, MANDIRI_EXAMPLES, RAJA_OPENING, SEATS, seatName, traceMandiri, describeMandiri } from './board3.js';
import { t, setLanguage, preferred, languageSwitch, describeEvent, formatNumber } from './i18n.js';

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
// `gen` counts the lessons opened, so that an answer or an animation of one opened before is
// dropped.
const L = { index: 0, board: null, trace: null, played: false, busy: false, gen: 0 };

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

/** A list of lessons as buttons: `prefix` + key + ".title" names each, `doneKey(key)` is what
 *  markDone keeps for it, the `current` one is marked, `onOpen(i)` opens one. */
function lessonButtons(ol, items, { prefix, doneKey, current, onOpen, data }) {
  ol.textContent = '';
  const d = done();
  items.forEach((item, i) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset[data] = item.key;
    // The number is written for the language, as every number on the page.
    b.textContent = `${formatNumber(i + 1)}. ${t(`${prefix}${item.key}.title`)}`;
    if (d.has(doneKey(item.key))) {
      b.classList.add('done');
      b.setAttribute('aria-label', t('learn.doneLabel', { title: b.textContent }));
    }
    if (i === current) b.setAttribute('aria-current', 'step');
    b.addEventListener('click', () => onOpen(i));
    li.appendChild(b);
    ol.appendChild(li);
  });
}

function renderList() {
  lessonButtons($('lesson-list'), LESSONS, { prefix: 'learn.', doneKey: (k) => k, current: L.index, onOpen: open, data: 'lesson' });
}

function renderText() {
  const lesson = LESSONS[L.index];
  $('lesson-title').textContent = t('learn.lessonN', { n: L.index + 1, total: LESSONS.length, title: t(`learn.${lesson.key}.title`) });
  $('lesson-goal').textContent = t(`learn.${lesson.key}.goal`);
  const why = $('lesson-why');
  why.hidden = !L.played;
  if (L.played && L.trace) {
    const params = lesson.params ? lesson.params(L.trace.events) : {};
    $('lesson-why-text').textContent = t(`learn.${lesson.key}.why`, params);
    const log = $('lesson-log');
    log.textContent = '';
    for (const ev of L.trace.events) {
      const text = describeEvent(ev);
      if (!text) continue;
      const li = document.createElement('li');
      li.textContent = text;
      log.appendChild(li);
    }
  }
  $('learn-next').hidden = !L.played;
  $('learn-next').textContent = t(L.index + 1 < LESSONS.length ? 'learn.next' : 'learn.finish');
  $('lesson').dataset.lesson = lesson.key;
  $('lesson').dataset.state = L.played ? 'played' : 'ready';
}

async function open(i) {
  const gen = ++L.gen;
  L.index = i;
  L.played = false;
  L.trace = null;
  $('learn-error').textContent = '';
  $('learn-done').hidden = true;
  if (location.hash !== `#${LESSONS[i].key}`) history.replaceState(null, '', `#${LESSONS[i].key}`);
  L.board.skip();
  renderList();
  renderText();
  const lesson = LESSONS[i];
  try {
    const trace = await call('POST', '/api/trace', { position: lesson.position, move: lesson.move });
    if (L.gen !== gen) return;
    if (!shows(trace.events, lesson.shows)) throw new Error(t('learn.mismatch'));
    L.trace = trace;
    L.board.setView(trace.before);
    L.board.mark(holeName('south', lesson.move), 'hint');
    L.board.setPlayable([holeName('south', lesson.move)]);
  } catch (e) {
    $('learn-error').textContent = String(e.message || e);
  }
}

async function play() {
  const lesson = LESSONS[L.index];
  if (!L.trace || L.busy) return;
  L.busy = true;
  const gen = L.gen;
  L.board.setPlayable([]);
  L.board.marks.clear();
  await L.board.animate(L.trace.events);
  L.busy = false;
  if (L.gen !== gen) return;
  L.board.setView(L.trace.after);
  L.played = true;
  markDone(lesson.key);
  renderList();
  renderText();
  $('learn-next').focus();
}

function next() {
  if (L.index + 1 < LESSONS.length) {
    open(L.index + 1);
  } else {
    $('learn-done').hidden = false;
    $('learn-done').scrollIntoView({ block: 'nearest' });
    $('learn-done').querySelector('a').focus();
  }
}

// ---------------------------------------------------------------- the Mandiri part

const M = { index: 0, board: null, trace: null, played: false, busy: false, gen: 0 };
/** Who the Mandiri steps speak of: the learner's seat (the one to move) as "you", the others
 *  by name. */
function mWho() {
  return { mySeat: M.trace.before.to_move, seat: (s) => seatName(s), player: (p) => t('m.player', { n: p }) };
}

function mRender() {
  const step = MANDIRI_STEPS[M.index];
  lessonButtons($('m-step-list'), MANDIRI_STEPS, { prefix: 'learn.m.', doneKey: (k) => `m.${k}`, current: M.index, onOpen: mOpen, data: 'step' });
  $('m-step-title').textContent = t('learn.m.step', { n: M.index + 1, total: MANDIRI_STEPS.length, title: t(`learn.m.${step.key}.title`) });
  $('m-step-goal').textContent = t(`learn.m.${step.key}.goal`);
  $('m-why').hidden = !M.played;
  if (M.played) {
    $('m-why-text').textContent = t(`learn.m.${step.key}.why`, step.params(M.trace.events));
    const log = $('m-log');
    log.textContent = '';
    for (const ev of M.trace.events) {
      const li = document.createElement('li');
      li.textContent = describeMandiri(ev, mWho());
      log.appendChild(li);
    }
  }
  const last = M.index + 1 === MANDIRI_STEPS.length;
  $('m-next').hidden = !M.played || last;
  $('m-after').hidden = !(M.played && last);
  $('m-links').hidden = !(M.played && last);
  $('m-learn').dataset.step = step.key;
  $('m-learn').dataset.state = M.played ? 'played' : 'ready';
}

async function mOpen(i) {
  const gen = ++M.gen;
  M.index = i;
  M.played = false;
  M.trace = null;
  $('m-error').textContent = '';
  M.board.skip();
  mRender();
  const step = MANDIRI_STEPS[i];
  try {
    const trace = await traceMandiri(step.hole, step.position);
    if (M.gen !== gen) return;
    if (!shows(trace.events, step.shows)) throw new Error(t('learn.mismatch'));
    M.trace = trace;
    const mine = trace.before.to_move;
    M.board.setNames(Object.fromEntries(SEATS.map((s) => [s, s === mine ? t('player.you') : ''])));
    M.board.setView(trace.before);
    M.board.mark(step.hole, 'hint');
    M.board.setPlayable([step.hole]);
  } catch (e) {
    $('m-error').textContent = String(e.message || e);
  }
}

async function mPlay() {
  const step = MANDIRI_STEPS[M.index];
  if (!M.trace || M.busy) return;
  M.busy = true;
  const gen = M.gen;
  M.board.setPlayable([]);
  M.board.marks.clear();
  await M.board.animate(M.trace.events);
  M.busy = false;
  if (M.gen !== gen) return;
  M.played = true;
  markDone(`m.${step.key}`);
  mRender();
  if (!$('m-next').hidden) $('m-next').focus();
}

async function startMandiri() {
  M.board = new Board3($('m-learn-board'), { t, onPlay: mPlay });
  followPortrait(M.board);
  M.board.speed = L.board.speed;
  $('m-skip').addEventListener('click', () => M.board.skip());
  $('m-again').addEventListener('click', () => mOpen(M.index));
  $('m-next').addEventListener('click', () => mOpen(Math.min(M.index + 1, MANDIRI_STEPS.length - 1)));
  const fromHash = MANDIRI_STEPS.findIndex((s) => `#mandiri-${s.key}` === location.hash);
  await mOpen(Math.max(fromHash, 0));
  if (fromHash >= 0) $('m-learn').scrollIntoView();
}

async function main() {
  await setLanguage(preferred());
  L.board = new Board($('learn-board'), { t, onPlay: play });
  followPortrait(L.board);
  L.board.speed = Number(localStorage.getItem('rajapasu.speed')) || 3;
  languageSwitch($('lang'), () => {
    renderList();
    renderText();
    L.board.render();
    mRender();
    M.board.render();
  });
  $('learn-skip').addEventListener('click', () => L.board.skip());
  $('learn-again').addEventListener('click', () => open(L.index));
  $('learn-next').addEventListener('click', next);
  const fromHash = LESSONS.findIndex((l) => `#${l.key}` === location.hash);
  await open(fromHash >= 0 ? fromHash : 0);
  await startMandiri();
}

main();
