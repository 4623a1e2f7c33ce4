// The SVG board: two rows of holes with their counters, a captured pile beside each row, and
// the animation of a move from its trace events. On a portrait phone the board stands upright:
// two columns, the piles above and below.

import { formatNumber } from './i18n.js';

export const NS = 'http://www.w3.org/2000/svg';
/**
 * The board's measures, in its units. Lying: the holes `cell` apart between a pile `pile` wide
 * at each end, the rows' centres at `top` and `bottom`. Upright: the bottom side's column on the
 * left at `left` (its hole 1 at the top), the top side's on the right at `right` (its hole 1 at
 * the bottom), so that sowing still turns anticlockwise; the holes' names stand `labelOff`
 * outside the columns and their counts between them, so that neither touches the other or the
 * wood's border; the piles' centres `topPile` from the ends.
 */
const MEASURES = {
  lying: { pile: 130, cell: 100, top: 105, bottom: 225, height: 350 },
  upright: { width: 315, left: 97, right: 218, first: 262, cell: 92, labelOff: 60, topPile: 130 },
};
/** Where the wood begins, below the top row's name (and ends above the bottom one's): lying
 *  and upright. Hole names, pile texts and row names keep clear of its border. */
const WOOD_TOP = 32;
const V_WOOD_TOP = 40;
const COLORS = ['#f4e3c1', '#e9cf9f', '#f7ecd8', '#dcbf8a', '#efd9b0'];

/** How long a whole move may take at each speed, in milliseconds: a long move's drops get
 *  shorter so that no move keeps the player waiting (a 12-lift opening move plays in about 3 s
 *  at the default speed 3). A short move keeps the steady pace of one drop per step. */
const BUDGET = [6000, 4500, 2800, 1700, 900, 0];
/** The share of the budget of each kind of event, in drops. */
const WEIGHT = { lift: 1.6, drop: 1, four: 3, four_left: 1, pussa: 5.5, no_capture: 2, endless_stop: 4, round_end: 8 };
/** The events that only mark a hole while they are told: the event's field naming the hole, and
 *  the mark. */
const MARKED = { four_left: ['hole', 'four'], no_capture: ['empty', 'empty'], endless_stop: ['hole', 'endless'] };

export function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** Screens where the board stands upright: narrow portrait ones (phones). */
const PORTRAIT = window.matchMedia('(max-width: 600px) and (orientation: portrait)');

/** Keeps `board` upright while the screen is a portrait phone's, lying otherwise. */
export function followPortrait(board) {
  board.setVertical(PORTRAIT.matches);
  PORTRAIT.addEventListener('change', () => board.setVertical(PORTRAIT.matches));
}

/** "S3" -> {side: "south", number: 3} */
export function parseHole(name) {
  return { side: name[0] === 'S' ? 'south' : 'north', number: parseInt(name.slice(1), 10) };
}

/** ("south", 3) -> "S3": a hole's name, as records and both boards write it. */
export function holeName(side, number) {
  return `${side === 'south' ? 'S' : 'N'}${number}`;
}

/** The names of holes `numbers` of `side` (a two-player view's legal moves), for setPlayable. */
export function holeNames(side, numbers) {
  return numbers.map((n) => holeName(side, n));
}

/** Sets an SVG text, narrowed to `room` board units where it is wider (a pile's words in a
 *  long language), so that it never reaches the wood's border. */
export function fitText(text, words, room) {
  text.textContent = words;
  text.removeAttribute('textLength');
  if (words && text.getComputedTextLength() > room) {
    text.setAttribute('textLength', String(room));
    text.setAttribute('lengthAdjust', 'spacingAndGlyphs');
  }
}

/**
 * The pile that a hole's `count` counters go to at a round's end: its owner's while what the
 * event awards that pile (`left`, still to be given out, by pile) has room for them, else a
 * pile whose award has. The event's numbers decide, so that the board needs no rule of who takes
 * what (by repetition each player their own holes, otherwise the last mover everything).
 */
function taker(left, owner, count) {
  if (!left || (left[owner] ?? 0) >= count) return owner;
  return Object.keys(left).find((pile) => left[pile] >= count) ?? owner;
}

function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Positions of k counters in a disc of radius r (a sunflower pattern). */
function spread(k, r) {
  const out = [];
  for (let i = 0; i < k; i++) {
    const rr = r * Math.sqrt((i + 0.5) / k);
    const a = i * 2.39996;
    out.push([rr * Math.cos(a), rr * Math.sin(a)]);
  }
  return out;
}

export class Board {
  /**
   * @param {SVGSVGElement} svg
   * @param {object} opts t: translate function; onPlay(hole): a playable hole was chosen, by
   *   name ("S3"); onSound(event): an event is shown
   */
  constructor(svg, opts) {
    this.svg = svg;
    this.t = opts.t;
    this.onPlay = opts.onPlay || null;
    this.measures = MEASURES;
    this.bottom = 'south';
    this.n = 0;
    this.model = null;
    this.playable = new Set();
    this.speed = 3;
    this.skipping = false;
    this.running = new Set();
    this.names = { south: '', north: '' };
    this.marks = new Map();
    // The last move's marks (its origin and the holes it captured), kept until the next move.
    this.lastMarks = new Map();
    this.vertical = false;
    this.onSound = opts.onSound || (() => {});
    /** How long the last animation was planned to take, in milliseconds: every event has its
     *  time on that schedule, and one that comes late takes less (see animate). */
    this.lastSchedule = 0;
  }

  /** Upright (a portrait phone) or lying (wide screens). */
  setVertical(on) {
    if (on !== this.vertical) {
      this.vertical = on;
      this.n = 0;
      if (this.model) this.render();
    }
  }

  /** Marks the move whose events are given as the last one (none: no mark). */
  setLastMove(events) {
    this.lastMarks.clear();
    // A hole may be both: the origin of a move that comes round to make it a four.
    const add = (hole, cls) => this.lastMarks.set(hole, [this.lastMarks.get(hole), cls].filter(Boolean).join(' '));
    for (const ev of events || []) {
      if (ev.event === 'lift' && !ev.relay) add(ev.hole, 'last-origin');
      if (ev.event === 'four' || ev.event === 'pussa') add(ev.hole, 'last-capture');
    }
    if (this.model) this.render();
  }

  setBottom(side) {
    if (side !== this.bottom) {
      this.bottom = side;
      this.n = 0;
    }
  }

  setNames(names) {
    this.names = names;
    if (this.model) this.render();
  }

  /** Delay of one drop, in milliseconds, before the move's length is taken into account. */
  step() {
    return this.skipping ? 0 : [520, 320, 190, 100, 45, 0][this.speed - 1] ?? 190;
  }

  /** Delay of one drop for this move: the steady step, shortened to fit the budget. */
  pace(events) {
    const base = this.step();
    const budget = BUDGET[this.speed - 1] ?? BUDGET[2];
    const weight = events.reduce((w, ev) => w + (WEIGHT[ev.event] || 0), 0);
    return weight > 0 ? Math.min(base, budget / weight) : base;
  }

  /** Finishes the running animation at once. */
  skip() {
    this.skipping = true;
    for (const a of this.running) a.finish();
  }

  /** Shows a game view (the JSON state) at once. */
  setView(view) {
    this.model = {
      holes: { south: [...view.holes.south], north: [...view.holes.north] },
      captured: { ...view.captured },
      reserve: { ...view.reserve },
    };
    this.marks.clear();
    this.render();
  }

  /** Which holes may be clicked now, by name (["S3", "S5"]; none: nothing). Every board takes
   *  the same; a two-player view's numbers become names with holeNames. */
  setPlayable(holes = []) {
    this.playable = new Set(holes);
    if (this.model) this.render();
  }

  holeXY(side, number) {
    const { lying, upright } = this.measures;
    const near = side === this.bottom;
    const row = near ? number - 1 : this.n - number;
    if (this.vertical) return [near ? upright.left : upright.right, upright.first + upright.cell * row];
    return [lying.pile + lying.cell * row + lying.cell / 2, near ? lying.bottom : lying.top];
  }

  pileXY(side) {
    const { lying, upright } = this.measures;
    if (this.vertical) {
      return [upright.width / 2, side === this.bottom ? this.height() - upright.topPile : upright.topPile];
    }
    return side === this.bottom
      ? [lying.pile + lying.cell * this.n + lying.pile / 2, lying.bottom - 5]
      : [lying.pile / 2, lying.top + 5];
  }

  /** The upright board's height. */
  height() {
    const { upright } = this.measures;
    return upright.first * 2 + upright.cell * (this.n - 1);
  }

  /** Where a hole's name goes: beside the hole, away from the other row. */
  labelXY(side, x, y) {
    const near = side === this.bottom;
    if (this.vertical) return [near ? x - this.measures.upright.labelOff : x + this.measures.upright.labelOff, y + 7];
    return [x, near ? y + 62 : y - 50];
  }

  /** Where a pile's two lines go (count, reserve): outside the board's rows. */
  pileTextXY(side, x, y) {
    if (this.vertical) {
      return side === this.bottom ? [[x, y + 72], [x, y - 58]] : [[x, y - 60], [x, y + 70]];
    }
    return side === this.bottom ? [[x, y - 58], [x, y + 68]] : [[x, y + 68], [x, y - 56]];
  }

  build() {
    const n = this.model.holes.south.length;
    this.n = n;
    const svg = this.svg;
    svg.textContent = '';
    const [width, height] = this.size();
    svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    svg.classList.toggle('vertical', this.vertical);
    const wood = this.vertical ? V_WOOD_TOP : WOOD_TOP;
    el('rect', { x: 4, y: wood, width: width - 8, height: height - 2 * wood, rx: 40, class: 'wood' }, svg);
    this.holeEls = { south: [], north: [] };
    for (const side of ['south', 'north']) {
      for (let k = 1; k <= n; k++) {
        const [x, y] = this.holeXY(side, k);
        const g = el('g', { class: 'hole', role: 'button', tabindex: '-1', 'data-hole': holeName(side, k) }, svg);
        this.buildHole(g, side, k, x, y);
        el('circle', { cx: x, cy: y, r: 42, class: 'pit' }, g);
        el('g', { class: 'counters' }, g);
        const [lx, ly] = this.labelXY(side, x, y);
        el('text', { x: lx, y: ly, class: 'label' }, g).textContent = this.holeLabel(side, k);
        // The count's badge: upright, on the side of the hole that faces the other column.
        const bx = this.vertical && side !== this.bottom ? x - 32 : x + 32;
        el('circle', { cx: bx, cy: y - 32, r: 14, class: 'badge' }, g);
        el('text', { x: bx, y: y - 27.5, class: 'count' }, g);
        g.addEventListener('click', () => this.choose(side, k));
        g.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            this.choose(side, k);
          }
        });
        this.holeEls[side][k - 1] = g;
      }
    }
    this.buildPiles(width, height);
    this.fly = el('g', { class: 'flying' }, svg);
  }

  /** The board's size in its units: [width, height]. */
  size() {
    const { lying, upright } = this.measures;
    return this.vertical ? [upright.width, this.height()] : [lying.pile * 2 + lying.cell * this.n, lying.height];
  }

  /** What a hole shows besides its pit, its counters and its name (nothing here). */
  buildHole() {}

  /** The captured piles, one beside each row, and the rows' names. */
  buildPiles(width, height) {
    const svg = this.svg;
    this.pileEls = {};
    for (const side of ['south', 'north']) {
      const [x, y] = this.pileXY(side);
      const g = el('g', { class: `pile pile-${side}`, role: 'img' }, svg);
      el('rect', { x: x - 52, y: y - 50, width: 104, height: 100, rx: 24, class: 'pile-bg' }, g);
      el('g', { class: 'counters' }, g);
      const [[cx, cy], [rx, ry]] = this.pileTextXY(side, x, y);
      el('text', { x: cx, y: cy, class: 'pile-count' }, g);
      el('text', { x: rx, y: ry, class: 'pile-reserve' }, g);
      this.pileEls[side] = g;
    }
    const nameTop = el('text', { x: width / 2, y: this.vertical ? 28 : 22, class: 'row-name' }, svg);
    const nameBottom = el('text', { x: width / 2, y: height - (this.vertical ? 8 : 6), class: 'row-name' }, svg);
    this.nameEls = { top: nameTop, bottom: nameBottom };
  }

  /** Whether hole `k` of `side` may be clicked now. */
  canPlay(side, k) {
    return this.playable.has(holeName(side, k));
  }

  choose(side, k) {
    if (this.onPlay && this.canPlay(side, k)) this.onPlay(holeName(side, k));
  }

  /** A hole's name on the board. */
  holeLabel(side, k) {
    return holeName(side, k);
  }

  /** What a screen reader says of hole `k` of `side` holding `count` (null: closed). */
  holeAria(side, k, count) {
    const owner = this.t(side === 'south' ? 'side.south' : 'side.north');
    return count === null ? this.t('board.holeClosed', { owner, number: k }) : this.t('board.hole', { owner, number: k, count });
  }

  /** Classes a hole has besides its state (none here). */
  holeClass() {
    return '';
  }

  render() {
    const m = this.model;
    if (!m) return;
    if (this.n !== m.holes.south.length) this.build();
    for (const side of ['south', 'north']) {
      for (let k = 1; k <= this.n; k++) {
        const g = this.holeEls[side][k - 1];
        const count = m.holes[side][k - 1];
        const closed = count === null;
        const [x, y] = this.holeXY(side, k);
        const cg = g.querySelector('.counters');
        cg.textContent = '';
        if (closed) {
          el('line', { x1: x - 26, y1: y - 26, x2: x + 26, y2: y + 26, class: 'closed-x' }, cg);
          el('line', { x1: x - 26, y1: y + 26, x2: x + 26, y2: y - 26, class: 'closed-x' }, cg);
        } else {
          const shown = Math.min(count, 30);
          spread(shown, count > 12 ? 32 : 26).forEach(([dx, dy], i) => {
            el('circle', { cx: x + dx, cy: y + dy, r: count > 16 ? 5.5 : 7, fill: COLORS[i % COLORS.length], class: 'seed' }, cg);
          });
        }
        g.querySelector('.count').textContent = closed ? '×' : formatNumber(count);
        const playable = this.canPlay(side, k) && !closed;
        const mark = [this.lastMarks.get(holeName(side, k)), this.marks.get(holeName(side, k))].filter(Boolean).join(' ');
        g.setAttribute('class', `hole${this.holeClass(side, k)}${closed ? ' closed' : ''}${playable ? ' playable' : ''}${mark ? ' ' + mark : ''}`);
        g.setAttribute('tabindex', playable ? '0' : '-1');
        g.setAttribute('aria-disabled', playable ? 'false' : 'true');
        g.setAttribute('aria-label', this.holeAria(side, k, count));
      }
    }
    this.renderPiles();
  }

  /** The piles' counters and texts, and the rows' names. */
  renderPiles() {
    const m = this.model;
    const t = this.t;
    for (const side of ['south', 'north']) {
      const pg = this.pileEls[side];
      const cap = m.captured[side];
      this.pileCounters(pg, this.pileXY(side), cap, 40);
      const room = this.vertical ? this.measures.upright.width - 40 : this.measures.lying.pile - 24;
      fitText(pg.querySelector('.pile-count'), t('board.captured', { count: cap }), room);
      fitText(pg.querySelector('.pile-reserve'), m.reserve[side] ? t('board.reserve', { count: m.reserve[side] }) : '', room);
      pg.setAttribute(
        'aria-label',
        t('board.pile', { owner: t(`side.${side}`), count: cap, reserve: m.reserve[side] }),
      );
    }
    const top = this.bottom === 'south' ? 'north' : 'south';
    this.showName(this.nameEls.top, this.names[top] || t(`side.${top}`));
    this.showName(this.nameEls.bottom, this.names[this.bottom] || t(`side.${this.bottom}`));
  }

  /** A pile's counters (60 at the most) in its group `g`, in a disc of radius `r` at `[x, y]`. */
  pileCounters(g, [x, y], count, r) {
    const counters = g.querySelector('.counters');
    counters.textContent = '';
    spread(Math.min(count, 60), r).forEach(([dx, dy], i) => {
      el('circle', { cx: x + dx, cy: y + dy, r: 4.5, fill: COLORS[i % COLORS.length], class: 'seed' }, counters);
    });
  }

  /** A row's name, shortened with an ellipsis where it is wider than the board (a long chosen
   *  name on the upright board; the presence line and the record keep it whole). */
  showName(text, name) {
    text.textContent = name;
    const room = this.svg.viewBox.baseVal.width - 24;
    let cut = [...name];
    while (cut.length > 1 && text.getComputedTextLength() > room) {
      cut = cut.slice(0, -1);
      text.textContent = `${cut.join('').trimEnd()}…`;
    }
  }

  /** The pile of the player who owns hole `k` of `side`. */
  ownerOf(side) {
    return side;
  }

  /** What a round's end awards each pile, by pile: {south, north}. */
  awardOf(ev) {
    return { ...ev.award };
  }

  /** The piles after a round's end. */
  capturedAfter(ev) {
    return { ...ev.captured };
  }

  /** Marks hole `hole` (its name) with `cls` until the next move or view. */
  mark(hole, cls) {
    this.marks.set(hole, cls);
  }

  async flyCounters(from, to, k, ms) {
    // Shorter than a frame: the counters just land.
    if (ms < 14 || k <= 0 || this.skipping) return;
    const anims = [];
    for (let i = 0; i < Math.min(k, 8); i++) {
      const c = el('circle', { cx: 0, cy: 0, r: 7, class: 'seed flying-seed', fill: COLORS[i % COLORS.length] }, this.fly);
      const jitter = (i - k / 2) * 4;
      const a = c.animate(
        [
          { transform: `translate(${from[0] + jitter}px, ${from[1]}px)` },
          { transform: `translate(${to[0] + jitter}px, ${to[1]}px)` },
        ],
        { duration: ms, easing: 'ease-in-out', fill: 'forwards' },
      );
      this.running.add(a);
      anims.push(
        a.finished
          .catch(() => {})
          .then(() => {
            this.running.delete(a);
            c.remove();
          }),
      );
    }
    await Promise.all(anims);
  }

  async pause(ms) {
    if (ms >= 4 && !this.skipping) await sleep(ms);
    else if (this.speed >= 6) await sleep(0);
  }

  /**
   * Animates the events of one move from the current model, calling `say(event)` for each
   * event worth announcing. Ends with whatever the caller shows next (usually setView).
   * `instant`: no animation, only the board as the move leaves it (a page opened after it).
   */
  async animate(events, say = () => {}, { instant = false } = {}) {
    this.skipping = instant;
    const started = performance.now();
    const m = this.model;
    let hand = null;
    const ms0 = this.pace(events);
    this.lastMarks.clear();
    this.marks.clear();
    // Each event is due at a time on the move's schedule. A browser cannot show a flight
    // shorter than a frame or two, so an event that is late takes less time (or none) and the
    // move keeps to its schedule.
    let due = started;
    for (const ev of events) {
      const w = WEIGHT[ev.event] || 0;
      due += w * ms0;
      const room = (due - performance.now()) / (w || 1);
      const ms = this.skipping ? 0 : Math.max(0, Math.min(ms0 * 1.5, room));
      if (!this.skipping) this.onSound(ev);
      switch (ev.event) {
        case 'lift': {
          const h = parseHole(ev.hole);
          // The origin stays marked; each relay lift is marked where it happens, the one in
          // hand brighter than those before it.
          for (const [k, v] of this.marks) if (v === 'relay') this.marks.set(k, 'relayed');
          this.mark(ev.hole, ev.relay ? 'relay' : 'origin');
          m.holes[h.side][h.number - 1] = 0;
          hand = this.holeXY(h.side, h.number);
          this.render();
          say(ev);
          await this.pause(ms * 1.6);
          break;
        }
        case 'drop': {
          const h = parseHole(ev.hole);
          const to = this.holeXY(h.side, h.number);
          await this.flyCounters(hand || to, to, 1, ms * 0.8);
          m.holes[h.side][h.number - 1] = ev.count;
          hand = to;
          this.render();
          await this.pause(ms * 0.2);
          break;
        }
        case 'four':
        case 'pussa': {
          // A four goes to its pile (`to`) at once; a pussa (`count` to `by`) is held longer.
          const four = ev.event === 'four';
          const [pile, count] = four ? [ev.to, 4] : [ev.by, ev.count];
          const h = parseHole(ev.hole);
          this.mark(ev.hole, ev.event);
          this.render();
          say(ev);
          await this.pause(four ? ms : ms * 2);
          await this.flyCounters(this.holeXY(h.side, h.number), this.pileXY(pile), count, four ? ms * 2 : ms * 2.5);
          m.holes[h.side][h.number - 1] = 0;
          m.captured[pile] += count;
          this.render();
          if (!four) await this.pause(ms);
          break;
        }
        case 'round_end': {
          say(ev);
          await this.pause(ms * 2);
          // The counters left on the board fly to the piles the event awards them to.
          const flights = [];
          const left = ev.award ? this.awardOf(ev) : null;
          for (const side of ['south', 'north']) {
            m.holes[side].forEach((c, i) => {
              if (!c) return;
              const to = taker(left, this.ownerOf(side, i + 1), c);
              if (left) left[to] -= c;
              flights.push(this.flyCounters(this.holeXY(side, i + 1), this.pileXY(to), c, ms * 4));
            });
          }
          await Promise.all(flights);
          for (const side of ['south', 'north']) {
            m.holes[side] = m.holes[side].map((c) => (c === null ? null : 0));
          }
          m.captured = this.capturedAfter(ev);
          this.render();
          await this.pause(ms * 2);
          break;
        }
        default: {
          const marked = MARKED[ev.event];
          if (marked) {
            this.mark(ev[marked[0]], marked[1]);
            this.render();
          }
          say(ev);
          if (marked) await this.pause(ms * w);
        }
      }
    }
    this.skipping = false;
    this.marks.clear();
    this.setLastMove(events);
    this.lastSchedule = due - started;
  }
}
