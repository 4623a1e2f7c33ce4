// The rules page: texts from the catalogs, the worked examples animated from the engine's
// traces (POST /api/trace), and Raja Pasu Mandiri's section with its seats and examples (POST
// /api/mandiri/trace).

import { call } from './api.js';
import { Board, el, followPortrait } from './board.js';
import { Board3, HOLES, SEATS, MANDIRI_EXAMPLES, RAJA_OPENING, seatName, traceMandiri, describeMandiri } from './board3.js';
import { t, setLanguage, preferred, languageSwitch, describeEvent, element } from './i18n.js';

const EXAMPLES = [
  { key: 'ex1', position: '7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0', move: 1 },
  { key: 'ex2', position: '0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46', move: 2 },
  { key: 'ex3', position: '2,0,3,1,0,0,2/1,0,0,0,0,0,1 S 44 44', move: 1 },
  { key: 'ex4', position: '0,0,0,0,0,0,9/3,0,0,0,0,0,0 S 43 43', move: 7 },
  { key: 'ex5', position: 'x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 5 40 3 33 2', move: 7 },
  { key: 'ex6', position: '0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35', move: 6 },
];

/** Who the Mandiri examples speak of: each seat by its name. */
const SEAT_WHO = { seat: (s) => seatName(s), player: (p) => t('m.player', { n: p }) };

/**
 * One worked example: its title and text, the board before the move, buttons to play, skip and
 * reset, and the move's events in words, all from the server's trace of the move. `kind` holds
 * what differs between the games: the trace's route, the board, the words, the play button's
 * text and the position line.
 */
function exampleCard(root, ex, kind) {
  const sec = element('section', { className: 'card example', id: kind.id(ex) });
  sec.append(element('h3', { textContent: t(`${kind.prefix}.${ex.key}.title`) }), element('p', { textContent: t(`${kind.prefix}.${ex.key}.text`) }));
  if (kind.showCode) sec.append(element('p', { className: 'small' }, `${t('rules.position')} `, element('code', { textContent: ex.position })));
  const svg = el('svg', { class: 'board', role: 'group', 'aria-label': t('board.name') });
  // Until the trace is in: its text may name the seat that plays, which the trace tells.
  const playBtn = element('button', { type: 'button', className: 'play-example', disabled: true });
  const skipBtn = element('button', { type: 'button', textContent: t('game.skip') });
  const resetBtn = element('button', { type: 'button', textContent: t('rules.reset') });
  const log = element('ol', { className: 'log', 'aria-live': 'polite' });
  const result = element('p', { className: 'small' });
  sec.append(svg, element('div', { className: 'controls' }, playBtn, skipBtn, resetBtn), log, result);
  root.appendChild(sec);
  const board = new kind.Board(svg, { t });
  if (kind.upright) followPortrait(board);
  board.speed = 3;
  let trace = null;
  const reset = async () => {
    trace = trace || (await kind.trace(ex));
    playBtn.textContent = kind.playText(ex, trace);
    board.setView(trace.before);
    log.textContent = '';
    result.textContent = '';
  };
  playBtn.addEventListener('click', async () => {
    playBtn.disabled = true;
    try {
      await reset();
      await board.animate(trace.events, (ev) => {
        log.append(element('li', { textContent: kind.describe(ev), 'data-event': ev.event }));
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
  reset()
    .then(() => (playBtn.disabled = false))
    .catch((e) => (result.textContent = String(e.message || e)));
}

const TWO_PLAYER = {
  prefix: 'rules',
  id: (ex) => ex.key,
  Board,
  showCode: true,
  trace: (ex) => call('POST', '/api/trace', { position: ex.position, move: ex.move }),
  playText: (ex) => t('rules.play', { move: ex.move }),
  describe: (ev) => describeEvent(ev),
  after(board, trace, result) {
    board.setView(trace.after);
    result.replaceChildren(`${t('rules.result')} `, element('code', { textContent: trace.after.position }));
  },
};

const MANDIRI = {
  prefix: 'm.rules',
  id: (ex) => `mandiri-${ex.key}`,
  Board: Board3,
  showCode: false,
  upright: true,
  trace: (ex) => traceMandiri(ex.hole, ex.position),
  // The seat that plays is the one to move in the example's position.
  playText: (ex, trace) => t('m.rules.play', { seat: seatName(trace.before.to_move), hole: ex.hole }),
  describe: (ev) => describeMandiri(ev, SEAT_WHO),
};

/** The seats' diagram: the start of a match as the server has it (the position before the
 *  Raja's opening move), each hole marked with its seat, and each seat's holes listed. */
let seatsBoard = null;
let matchStart = null;
async function seatsDiagram() {
  if (!seatsBoard) {
    seatsBoard = new Board3(document.getElementById('mandiri-seats'), { t });
    followPortrait(seatsBoard);
  }
  matchStart = matchStart || (await traceMandiri(RAJA_OPENING)).before;
  const ul = document.getElementById('mandiri-seat-list');
  ul.textContent = '';
  for (const seat of SEATS) {
    const holes = HOLES.filter((_, i) => matchStart.owners[i] === seat);
    const text = t('m.rules.seatHoles', { seat: seatName(seat), letter: seat, holes: holes.join(' '), n: holes.length });
    ul.append(element('li', { textContent: text, 'data-seat': seat }));
  }
  seatsBoard.setNames({ C: t('m.player', { n: 1 }), R: t('m.player', { n: 2 }), L: t('m.player', { n: 3 }) });
  seatsBoard.setView(matchStart);
}

function build() {
  for (const [id, examples, kind] of [['examples', EXAMPLES, TWO_PLAYER], ['mandiri-examples', MANDIRI_EXAMPLES, MANDIRI]]) {
    const root = document.getElementById(id);
    root.textContent = '';
    for (const ex of examples) exampleCard(root, ex, kind);
  }
  seatsDiagram().catch((e) => (document.getElementById('mandiri-seat-list').textContent = String(e.message || e)));
}

async function main() {
  await setLanguage(preferred());
  languageSwitch(document.getElementById('lang'), build);
  build();
}

main();
