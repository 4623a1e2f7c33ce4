// The board of Raja Pasu Mandiri (RULES.md section 9): the same 2 x 7 holes as Raja Pasu, each
// hole marked with its seat by colour and by letter, a store for each of the three seats, the
// Raja's crowned, and the words that tell a Mandiri move's events. The holes, the counters and
// the animation are the two-player board's (board.js); only who owns what differs.

import { Board, el, fitText } from './board.js';
import { call } from './api.js';
import { describeEvent, t } from './i18n.js';

/** The seats in turn order: the Raja in the centre, the right end, the left end. */
export const SEATS = ['C', 'R', 'L'];
/** The holes in the order of a view's counts (and owners): S1..S7, then N1..N7. */
export const HOLES = [1, 2, 3, 4, 5, 6, 7].map((k) => `S${k}`).concat([1, 2, 3, 4, 5, 6, 7].map((k) => `N${k}`));

/** The worked examples of RULES.md 9.3 as Mandiri positions (RULES.md 9.7; the counters off the
 *  board wait in the players' reserves, so that every store starts empty) and the hole played.
 *  The server traces them (POST /api/mandiri/trace); the rules page shows them, and the
 *  tutorial has the learner play them. */
export const MANDIRI_EXAMPLES = [
  { key: 'ex1', position: 'mandiri 0,0,1,0,0,0,3/0,0,3,0,2,0,0 R 0,0,0 1,2,3 30,30,29 1 1', hole: 'S7' },
  { key: 'ex2', position: 'mandiri 1,2,0,3,1,0,0/2,0,0,0,1,2,0 L 0,0,0 1,2,3 30,30,26 1 1', hole: 'N6' },
];

/** The Raja's opening move that the tutorial's first step plays. Its trace from the start
 *  (no position) begins with the start of a match, which the rules page's seat diagram shows. */
export const RAJA_OPENING = 'S4';

/** A Mandiri move traced by the server: {before, events, after} (docs/API.md). Without a
 *  position, from the start of a match. */
export function traceMandiri(hole, position) {
  return call('POST', '/api/mandiri/trace', { position, move: hole });
}

/** The board's measures (as board.js has them). Lying: the rows far apart, the Raja's store
 *  between its holes, an end's store beside each end. Upright (a phone): the left end at the
 *  top, the right end at the bottom. */
const LYING = { width: 960, height: 480, top: 110, bottom: 370, pile: 130, cell: 100 };
const UPRIGHT = { width: 460, left: 120, right: 340, first: 225, cell: 92, labelOff: 74 };

/** The store of `seat` on the board: its box, its counters' centre and radius, and where its four
 *  lines go (seat, player, captured, reserve). */
function storeLayout(seat, vertical) {
  if (!vertical) {
    const { width, height, top, bottom, pile } = LYING;
    const mid = (top + bottom) / 2;
    if (seat === 'C') {
      const x = width / 2;
      const y0 = top + 48;
      const y1 = bottom - 48;
      return { box: [x - 140, y0, 280, y1 - y0], at: [x, mid + 8], r: 26, lines: [[x, y0 + 22], [x, y0 + 44], [x - 66, y1 - 12], [x + 66, y1 - 12]] };
    }
    const x = seat === 'L' ? pile / 2 : width - pile / 2;
    const y0 = 60;
    const y1 = height - 60;
    return { box: [x - 52, y0, 104, y1 - y0], at: [x, mid], r: 40, lines: [[x, y0 + 28], [x, y0 + 52], [x, y1 - 34], [x, y1 - 12]] };
  }
  const { width, left, right, first, cell } = UPRIGHT;
  const x = width / 2;
  if (seat === 'C') {
    const y0 = first + cell * 2 - 30;
    const y1 = first + cell * 4 + 30;
    const half = (right - left) / 2 - 56;
    return { box: [x - half, y0, half * 2, y1 - y0], at: [x, (y0 + y1) / 2 + 4], r: 34, lines: [[x, y0 + 30], [x, y0 + 58], [x, y1 - 42], [x, y1 - 14]] };
  }
  const height = first * 2 + cell * 6;
  const y0 = seat === 'L' ? 48 : height - 48 - 124;
  return { box: [x - 200, y0, 400, 124], at: [x, y0 + 62], r: 34, lines: [[x - 118, y0 + 50], [x - 118, y0 + 84], [x + 118, y0 + 50], [x + 118, y0 + 84]] };
}

/** Sets an SVG text to `words` on up to `lines` lines `lineHeight` apart, broken between words
 *  so that each line fits `room` board units; only a line that cannot fit (one long word) is
 *  narrowed, as fitText does. */
function wrapText(text, words, room, lines, lineHeight) {
  text.removeAttribute('textLength');
  text.textContent = '';
  const x = text.getAttribute('x');
  const probe = el('tspan', {}, text);
  const width = (s) => {
    probe.textContent = s;
    return probe.getComputedTextLength();
  };
  const rows = [];
  let row = '';
  for (const word of words.split(' ').filter(Boolean)) {
    const longer = row ? `${row} ${word}` : word;
    if (row && rows.length < lines - 1 && width(longer) > room) {
      rows.push(row);
      row = word;
    } else {
      row = longer;
    }
  }
  rows.push(row);
  text.textContent = '';
  rows.forEach((r, i) => {
    const span = el('tspan', { x, dy: i ? lineHeight : 0 }, text);
    span.textContent = r;
    if (span.getComputedTextLength() > room) {
      span.setAttribute('textLength', String(room));
      span.setAttribute('lengthAdjust', 'spacingAndGlyphs');
    }
  });
}

/** The seat's name on the board and in sentences ("Raja", "Right end", "Left end"). */
export function seatName(seat) {
  return t(`m.seat.${seat}`);
}

/** A view's holes as the board's model keeps them. */
function holesOf(counts) {
  return { south: counts.slice(0, 7), north: counts.slice(7, 14) };
}

/** A value by seat ([C, R, L]) as an object. */
export function bySeat(list) {
  return { C: list[0], R: list[1], L: list[2] };
}

export class Board3 extends Board {
  /**
   * @param {SVGSVGElement} svg
   * @param {object} opts as Board's
   */
  constructor(svg, opts) {
    super(svg, opts);
    this.measures = { lying: LYING, upright: UPRIGHT };
    this.owners = [];
    this.toMove = null;
  }

  /** Shows a Mandiri view (the API's VIEW: a game's, or a trace's) at once. */
  setView(view) {
    this.owners = view.owners;
    this.toMove = view.status === 'playing' ? view.to_move : null;
    this.model = {
      holes: holesOf(view.counts),
      captured: bySeat(view.captured),
      reserve: bySeat(view.seats.map((p) => view.reserve[p - 1])),
    };
    this.marks.clear();
    this.render();
  }

  ownerOf(side, k) {
    return this.owners[(side === 'south' ? 0 : 7) + k - 1];
  }

  holeClass(side, k) {
    return ` seat-${this.ownerOf(side, k)}`;
  }

  holeAria(side, k, count) {
    const params = { hole: this.holeLabel(side, k), seat: seatName(this.ownerOf(side, k)), count };
    return this.t(count === null ? 'm.board.holeClosed' : 'm.board.hole', params);
  }

  labelXY(side, x, y) {
    // The far row's names stand a little left and up, clear of the count's badge with the seat's
    // letter after them.
    return this.vertical || side === 'south' ? super.labelXY(side, x, y) : [x - 8, y - 52];
  }

  buildHole(g, side, k, x, y) {
    el('circle', { cx: x, cy: y, r: 47, class: 'owner-ring' }, g);
  }

  build() {
    super.build();
    // The owner is told by letter as well as by colour: the seat's letter after each hole's name, in the seat's colour.
    for (const side of ['south', 'north']) {
      this.holeEls[side].forEach((g, i) => {
        const label = g.querySelector('.label');
        label.textContent = '';
        el('tspan', {}, label).textContent = this.holeLabel(side, i + 1);
        el('tspan', { class: 'seat-letter', dx: 5 }, label);
      });
    }
  }

  /** The three stores, each with its seat, its player, its captures and its reserve. */
  buildPiles() {
    this.pileEls = {};
    for (const seat of SEATS) {
      const s = storeLayout(seat, this.vertical);
      const g = el('g', { class: `pile store seat-${seat}`, role: 'img', 'data-seat': seat }, this.svg);
      const [bx, by, bw, bh] = s.box;
      el('rect', { x: bx, y: by, width: bw, height: bh, rx: 20, class: 'pile-bg' }, g);
      el('g', { class: 'counters' }, g);
      const cls = ['store-seat', 'store-name', 'pile-count', 'pile-reserve'];
      s.lines.forEach(([x, y], i) => el('text', { x, y, class: cls[i] }, g));
      if (seat === 'C') el('path', { class: 'crown', d: '' }, g);
      this.pileEls[seat] = g;
    }
  }

  pileXY(seat) {
    return storeLayout(seat, this.vertical).at;
  }

  renderPiles() {
    const m = this.model;
    const t = this.t;
    for (const seat of SEATS) {
      const g = this.pileEls[seat];
      const s = storeLayout(seat, this.vertical);
      const cap = m.captured[seat];
      this.pileCounters(g, s.at, cap, s.r);
      // The room for a line: the store's width, less a margin (and the crown, before the Raja's).
      // (An upright end's store has two columns of lines, its counters between them.)
      const room = this.vertical && seat !== 'C' ? s.box[2] / 2 - 50 : s.box[2] - 20;
      const crownRoom = seat === 'C' ? 30 : 0;
      const title = g.querySelector('.store-seat');
      fitText(title, `${seatName(seat)} · ${seat}`, room - crownRoom);
      // The upright Raja's store is narrow: its player's name goes on two lines rather than
      // squeezed onto one.
      if (seat === 'C' && this.vertical) wrapText(g.querySelector('.store-name'), this.names[seat] || '', s.box[2] - 12, 2, 20);
      else fitText(g.querySelector('.store-name'), this.names[seat] || '', room);
      fitText(g.querySelector('.pile-count'), t('board.captured', { count: cap }), seat === 'C' && !this.vertical ? room / 2 - 6 : room);
      fitText(g.querySelector('.pile-reserve'), m.reserve[seat] ? t('board.reserve', { count: m.reserve[seat] }) : '', seat === 'C' && !this.vertical ? room / 2 - 6 : room);
      if (seat === 'C') {
        // A crown before the Raja's title: three points on a band.
        const [tx, ty] = s.lines[0];
        const w = title.getComputedTextLength();
        const x = tx - w / 2 - 26;
        const y = ty - 15;
        g.querySelector('.crown').setAttribute(
          'd',
          `M${x} ${y + 16}L${x} ${y}L${x + 5.5} ${y + 8}L${x + 10} ${y - 2}L${x + 14.5} ${y + 8}L${x + 20} ${y}L${x + 20} ${y + 16}Z`,
        );
      }
      g.classList.toggle('to-move', this.toMove === seat);
      g.setAttribute(
        'aria-label',
        t('m.board.store', { seat: seatName(seat), player: this.names[seat] || seat, count: cap, reserve: m.reserve[seat] }),
      );
    }
  }

  render() {
    super.render();
    if (!this.model) return;
    for (const side of ['south', 'north']) {
      this.holeEls[side].forEach((g, i) => {
        g.querySelector('.seat-letter').textContent = this.ownerOf(side, i + 1);
      });
    }
  }

  awardOf(ev) {
    return bySeat(ev.award);
  }

  capturedAfter(ev) {
    return bySeat(ev.captured);
  }
}

/**
 * A sentence for one event of a Mandiri move. `who.seat(seat, inSentence)` names the player in
 * a seat; `who.player(n, inSentence)` names player n; `who.me` is the reader's own player number
 * (told as "you"), or null.
 */
export function describeMandiri(ev, who) {
  const name = (p) => who.player(p, true);
  const sow = { me: who.mySeat || null, name: (seat, inSentence) => who.seat(seat, inSentence) };
  const list = (players) => players.map((p) => who.player(p, true)).join(t('m.and'));
  switch (ev.event) {
    case 'pass':
      return t('m.ev.pass', { seat: who.seat(ev.seat) });
    case 'round_end': {
      const taker = ev.award.findIndex((n) => n > 0);
      const why = ev.reason === 'repetition'
        ? t('m.ev.endRepetition')
        : taker >= 0
          ? t('m.ev.endNoCapture', { seat: who.seat(SEATS[taker], true), count: ev.award[taker] })
          : t('m.ev.endEmpty');
      return `${why} ${roundWinners(ev.winners, who)}`;
    }
    case 'repay':
    case 'gift':
      return t(`m.ev.${ev.event}`, { from: who.player(ev.from), to: name(ev.to), count: ev.count });
    case 'borrow':
      return t('m.ev.borrow', { player: who.player(ev.player), lender: name(ev.lender), count: ev.count });
    case 'out':
      return t('m.ev.out', { player: who.player(ev.player) });
    case 'office':
      return t('m.ev.office', { player: who.player(ev.raja) });
    case 'refill': {
      const [c, r, l] = ev.filled;
      return t('m.ev.refill', { round: ev.round, c, r, l });
    }
    case 'game_over':
      return ev.winners.length > 1
        ? t('m.ev.gameShared', { players: list(ev.winners) })
        : t('m.ev.gameOver', { player: who.player(ev.winners[0]) });
    default:
      return describeEvent(ev, sow);
  }
}

/** "Player 1 wins the round." or "Players 1 and 3 share the round." */
export function roundWinners(winners, who) {
  if (!winners || !winners.length) return '';
  if (winners.length > 1) return t('m.roundShared', { players: winners.map((p) => who.player(p, true)).join(t('m.and')) });
  return t('m.roundWon', { player: who.player(winners[0]) });
}
