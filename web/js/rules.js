// The rules page: texts from the catalogs, the worked examples animated from the engine's
// traces (POST /api/trace), and Raja Pasu Mandiri's section with its seats and examples.

import { call } from './api.js';
import { Board, followPortrait } from './board.js';
import { Board3, OWNERS, HOLES, SEATS, MANDIRI_EXAMPLES, seatName, seatTrace, describeMandiri } from './board3.js';
import { t, setLanguage, preferred, languageSwitch, describeEvent } from './i18n.js';

const EXAMPLES = [
  { key: 'ex1', position: '7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0', move: 1 },
  { key: 'ex2', position: '0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46', move: 2 },
  { key: 'ex3', position: '2,0,3,1,0,0,2/1,0,0,0,0,0,1 S 44 44', move: 1 },
  { key: 'ex4', position: '0,0,0,0,0,0,9/3,0,0,0,0,0,0 S 43 43', move: 7 },
  { key: 'ex5', position: 'x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 5 40 3 33 2', move: 7 },
  { key: 'ex6', position: '0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35', move: 6 },
];

/** The Mandiri board with no game: its holes by the trace's counts, nothing captured. */
function mandiriView(before, seat) {
  return { counts: [...before.holes.south, ...before.holes.north], captured: [0, 0, 0], to_move: seat };
}

/** Who the Mandiri examples speak of: each seat by its name. */
const SEAT_WHO = { seat: (s) => seatName(s), player: (p) => t('m.player', { n: p }) };

/**
 * One worked example: its title and text, the board before the move, buttons to play, skip and
 * reset, and the move's events in words. `kind` holds what differs between the games: the
 * board, the view before the move, the events, the words, the play button's text and the
 * position line.
 */
function exampleCard(root, ex, kind) {
  const sec = document.createElement('section');
  sec.className = 'card example';
  sec.id = kind.id(ex);
  const h = document.createElement('h3');
  h.textContent = t(`${kind.prefix}.${ex.key}.title`);
  const p = document.createElement('p');
  p.textContent = t(`${kind.prefix}.${ex.key}.text`);
  const code = document.createElement('p');
  code.className = 'small';
  code.append(t('rules.position') + ' ');
  const c = document.createElement('code');
  c.textContent = ex.position;
  code.appendChild(c);
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'board');
  svg.setAttribute('role', 'group');
  svg.setAttribute('aria-label', t('board.name'));
  const controls = document.createElement('div');
  controls.className = 'controls';
  const playBtn = document.createElement('button');
  playBtn.type = 'button';
  playBtn.className = 'play-example';
  playBtn.textContent = kind.playText(ex);
  const skipBtn = document.createElement('button');
  skipBtn.type = 'button';
  skipBtn.textContent = t('game.skip');
  const resetBtn = document.createElement('button');
  resetBtn.type = 'button';
  resetBtn.textContent = t('rules.reset');
  controls.append(playBtn, skipBtn, resetBtn);
  const log = document.createElement('ol');
  log.className = 'log';
  log.setAttribute('aria-live', 'polite');
  const result = document.createElement('p');
  result.className = 'small';
  sec.append(h, p);
  if (kind.showCode) sec.append(code);
  sec.append(svg, controls, log, result);
  root.appendChild(sec);
  const board = new kind.Board(svg, { t });
  if (kind.upright) followPortrait(board);
  board.speed = 3;
  let trace = null;
  const reset = async () => {
    trace = trace || (await call('POST', '/api/trace', { position: ex.position, move: ex.move }));
    board.setView(kind.before(trace, ex));
    log.textContent = '';
    result.textContent = '';
  };
  playBtn.addEventListener('click', async () => {
    playBtn.disabled = true;
    try {
      await reset();
      await board.animate(kind.events(trace, ex), (ev) => {
        const li = document.createElement('li');
        li.textContent = kind.describe(ev);
        li.dataset.event = ev.event;
        log.appendChild(li);
        log.scrollTop = log.scrollHeight;
      });
      kind.after?.(board, trace, result);
    } catch (e) {
      result.textContent = String(e.message || e);
    }
    playBtn.disabled = false;
  });
  skipBtn.addEventListener('click', () => board.skip());
  resetBtn.addEventListener('click', () => reset().catch(() => {}));
  reset().catch((e) => (result.textContent = String(e.message || e)));
}

const TWO_PLAYER = {
  prefix: 'rules',
  id: (ex) => ex.key,
  Board,
  showCode: true,
  playText: (ex) => t('rules.play', { move: ex.move }),
  before: (trace) => trace.before,
  events: (trace) => trace.events,
  describe: (ev) => describeEvent(ev),
  after(board, trace, result) {
    board.setView(trace.after);
    result.textContent = '';
    result.append(t('rules.result') + ' ');
    const rc = document.createElement('code');
    rc.textContent = trace.after.position;
    result.appendChild(rc);
  },
};

const MANDIRI = {
  prefix: 'm.rules',
  id: (ex) => `mandiri-${ex.key}`,
  Board: Board3,
  showCode: false,
  upright: true,
  playText: (ex) => t('m.rules.play', { seat: seatName(ex.seat), hole: ex.hole }),
  before: (trace, ex) => mandiriView(trace.before, ex.seat),
  events: (trace, ex) => seatTrace(trace.events, ex.seat),
  describe: (ev) => describeMandiri(ev, SEAT_WHO),
};

/** The seats' diagram: the start of a match, each hole marked with its seat. */
let seatsBoard = null;
function seatsDiagram() {
  if (!seatsBoard) {
    seatsBoard = new Board3(document.getElementById('mandiri-seats'), { t });
    followPortrait(seatsBoard);
  }
  const board = seatsBoard;
  board.setNames({ C: t('m.player', { n: 1 }), R: t('m.player', { n: 2 }), L: t('m.player', { n: 3 }) });
  board.setView({ counts: OWNERS.map(() => 7), captured: [0, 0, 0], to_move: 'C' });
  const ul = document.getElementById('mandiri-seat-list');
  ul.textContent = '';
  for (const seat of SEATS) {
    const li = document.createElement('li');
    const holes = HOLES.filter((_, i) => OWNERS[i] === seat);
    li.textContent = t('m.rules.seatHoles', { seat: seatName(seat), letter: seat, holes: holes.join(' '), n: holes.length });
    li.dataset.seat = seat;
    ul.appendChild(li);
  }
}

function build() {
  const root = document.getElementById('examples');
  root.textContent = '';
  for (const ex of EXAMPLES) exampleCard(root, ex, TWO_PLAYER);
  const mroot = document.getElementById('mandiri-examples');
  mroot.textContent = '';
  for (const ex of MANDIRI_EXAMPLES) exampleCard(mroot, ex, MANDIRI);
  seatsDiagram();
}

async function main() {
  await setLanguage(preferred());
  languageSwitch(document.getElementById('lang'), build);
  build();
}

main();
