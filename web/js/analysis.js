// The analysis board: any position set up by clicks, a position code or a record; every legal
// move scored by the server's search (POST /api/analysis), exact and marked proven where the
// engine has proven it; moves played on the board form a tree of lines to step through and
// branch; the link holds the rules, the position and the line.

import { call, errorText } from './api.js';
import { Board, followPortrait, holeNames, parseHole } from './board.js';
import { t, setLanguage, preferred, languageSwitch, formatNumber, element, fillSelect, translated } from './i18n.js';
import { button, copyButton } from './gamepage.js';

const $ = (id) => document.getElementById(id);
const START = '7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0';
const PV_SHOWN = 10;

/** A node of the tree of lines: the move that led to it, the moves played from it (the first
 *  one played first), the one last visited, and its view once known. */
function node(move, parent) {
  return { move, parent, children: [], last: null, view: null };
}

const A = {
  board: null,
  rules: 'canonical/mode=round',
  start: START,
  root: node(null, null),
  path: [], // the nodes from the root's child to the current node
  result: null, // the last analysis shown
  req: 0, // answers to older requests are dropped
  editing: false,
  edit: null,
  meta: { presets: [] },
  table: null, // the endgame table's build, as GET /api/tablebase says
};

const current = () => (A.path.length ? A.path[A.path.length - 1] : A.root);
const line = () => A.path.map((n) => n.move);
const isRound = () => /(^|[/,])mode=round/.test(A.rules);
const preset = () => A.rules.split('/')[0];

function rulesFromSelects() {
  const p = $('an-preset').value || 'canonical';
  return $('an-mode').value === 'round' ? `${p}/mode=round` : p;
}

function showRulesInSelects() {
  if ([...$('an-preset').options].some((o) => o.value === preset())) $('an-preset').value = preset();
  $('an-mode').value = isRound() ? 'round' : 'match';
}

// ---------------------------------------------------------------- the link

/** A query value that stays readable: commas, slashes, equal signs and spaces (rule options, position codes) are
 *  allowed as they are in a query (URLSearchParams reads `+` as a space). */
const enc = (s) =>
  encodeURIComponent(s).replace(/%2C/gi, ',').replace(/%2F/gi, '/').replace(/%3D/gi, '=').replace(/%20/g, '+');

function link() {
  let q = `rules=${enc(A.rules)}&position=${enc(A.start)}`;
  if (A.path.length) q += `&moves=${line().join('.')}`;
  return `${location.origin}/analysis?${q}`;
}

function readLink() {
  const q = new URLSearchParams(location.search);
  if (q.get('rules')) A.rules = q.get('rules');
  if (q.get('position')) A.start = q.get('position');
  A.root = node(null, null);
  A.path = [];
  const moves = (q.get('moves') || '').split(/[.,\s]+/).filter(Boolean).map(Number);
  for (const m of moves) A.path.push(child(current(), m));
}

/** The child of `n` reached by `move`, made if new. */
function child(n, move) {
  let c = n.children.find((x) => x.move === move);
  if (!c) {
    c = node(move, n);
    n.children.push(c);
  }
  n.last = c;
  return c;
}

// ---------------------------------------------------------------- values in words

/** A score bound or value in public units as a round's final margin. */
function margin(score) {
  if (score >= 1000) return score - 1000;
  if (score <= -1000) return score + 1000;
  return score;
}

const signed = (n) => formatNumber(n, { signDisplay: 'exceptZero' });

/** The value of one analysed move, in words, for the player to move. */
export function valueText(m, depth) {
  const s = m.score;
  const decided = Math.abs(s) >= 1000;
  let value;
  if (decided && isRound()) {
    const by = Math.abs(s) - 1000;
    value = s > 0 ? t('analysis.winRound', { margin: by }) : t('analysis.loseRound', { margin: by });
  } else if (decided) {
    value = s > 0 ? t('analysis.winMatch') : t('analysis.loseMatch');
  } else if (m.exact && s === 0) {
    value = t('analysis.drawRound');
  } else {
    value = t('analysis.estimate', { score: signed(s) });
  }
  let how;
  if (m.exact) how = t('analysis.proven');
  else if (m.bounds) how = t('analysis.between', { low: signed(margin(m.bounds[0])), high: signed(margin(m.bounds[1])), depth });
  else how = t('analysis.atDepth', { depth });
  return { value, how };
}

// ---------------------------------------------------------------- showing

function setBusy(busy) {
  $('analysis').dataset.state = busy ? 'thinking' : 'ready';
  if (busy) $('an-status').textContent = t('analysis.thinking');
}

function renderStatus() {
  const r = A.result;
  if (!r) return;
  const v = r.view;
  let text;
  if (v.status === 'playing') {
    text = t('analysis.status', { side: t(`side.${v.to_move}`), round: v.round });
  } else {
    const rd = v.rounds[v.rounds.length - 1];
    const cap = rd ? rd.captured : v.captured;
    text = t('analysis.over', { south: cap.south, north: cap.north });
  }
  $('an-status').textContent = text;
  $('an-for').textContent = v.status === 'playing' ? t('analysis.valuesFor', { side: t(`side.${v.to_move}`) }) : '';
  let searched = '';
  if (r.analysis.length && r.source === 'book') searched = t('analysis.fromBook');
  else if (r.analysis.length) searched = t('analysis.searched', { depth: r.depth, nodes: r.nodes, seconds: formatNumber(r.time_ms / 1000, { maximumFractionDigits: 1 }) });
  $('an-depth').textContent = searched;
  renderTableProgress();
  renderMatch(r.match);
}

/** A match value in words, from its few letters: `S5` South wins in 5 rounds, `D` a draw. */
function matchWords(code) {
  if (code === 'D') return t('analysis.matchDraw');
  const side = t(code[0] === 'S' ? 'side.south' : 'side.north');
  return t('analysis.matchWin', { side, rounds: formatNumber(Number(code.slice(1))) });
}

/** In a solved match (the canonical rules): the proven value of the round start this round
 *  began from, and the counters each player needs after a round to stay in and to win. */
function renderMatch(m) {
  const box = $('an-match');
  box.hidden = !m;
  if (!m) return;
  const [worst, best] = m.value.split('..');
  const start = t('analysis.matchStart', { south: formatNumber(m.round_start.south), north: formatNumber(m.round_start.north), leader: t(`side.${m.round_start.leader}`) });
  let value;
  if (!best) value = t('analysis.matchValue', { value: matchWords(worst) });
  else if (worst[0] === best[0] && worst[0] !== 'D') {
    // The winner is proven, the number of rounds only bounded.
    const [a, b] = [Number(worst.slice(1)), Number(best.slice(1))];
    const side = t(worst[0] === 'S' ? 'side.south' : 'side.north');
    value = t('analysis.matchValue', { value: t('analysis.matchWinRange', { side, fast: formatNumber(Math.min(a, b)), slow: formatNumber(Math.max(a, b)) }) });
  } else value = t('analysis.matchBetween', { worst: matchWords(worst), best: matchWords(best) });
  $('an-match-value').textContent = `${start} ${value}`;
  const st = m.stakes;
  const n = (x) => (x === null ? '–' : formatNumber(x));
  $('an-match-stakes').textContent = t('analysis.matchStakes', {
    southStay: n(st.south.stay_in),
    southWin: n(st.south.win),
    northStay: n(st.north.stay_in),
    northWin: n(st.north.win),
  });
}

// ---------------------------------------------------------------- the endgame table

/** How far the server's endgame table is built (GET /api/tablebase), polled while it grows:
 *  positions with few counters get proven values as its layers finish. */
const TABLE_POLL_MS = 5000;

function renderTableProgress() {
  const tb = A.table;
  const p = $('an-tablebase');
  if (!tb || !['building', 'waiting', 'stopped'].includes(tb.state)) {
    p.hidden = true;
    p.textContent = '';
    p.removeAttribute('title');
    return;
  }
  p.hidden = false;
  p.textContent = t(tb.state === 'stopped' ? 'analysis.tableStopped' : 'analysis.tableBuilding', { percent: tb.percent });
  if (tb.message) p.title = tb.message;
  else p.removeAttribute('title');
}

async function pollTable() {
  try {
    A.table = await call('GET', '/api/tablebase');
  } catch {
    A.table = null;
  }
  renderTableProgress();
  if (A.table && ['starting', 'building', 'waiting'].includes(A.table.state)) setTimeout(pollTable, TABLE_POLL_MS);
}

function renderTable() {
  const tb = $('an-table').querySelector('tbody');
  tb.textContent = '';
  const r = A.result;
  if (!r) return;
  const letter = r.view.to_move === 'south' ? 'S' : 'N';
  for (const m of r.analysis) {
    const { value, how } = valueText(m, r.depth);
    const hole = `${letter}${m.move}`;
    const playButton = button(hole, t('analysis.playMove', { hole, value: `${value} (${how})` }), () => play(m.move));
    playButton.className = 'an-play';
    // The first moves of the line: beyond them the search's line says little.
    const pv = m.pv
      .slice(0, PV_SHOWN)
      .map((mv, k) => button(formatNumber(mv), t('analysis.pvStep', { n: k + 1, hole: mv }), () => playLine(m.pv.slice(0, k + 1))));
    const strong = element('strong', { textContent: value });
    const valueCell = element('td', { className: 'an-value' }, strong, element('span', { className: m.exact ? 'an-proven' : 'small', textContent: ` ${how}` }));
    const pvCell = element('td', { className: 'an-pv' }, ...pv);
    tb.append(element('tr', { 'data-move': m.move, 'data-exact': m.exact }, element('td', {}, playButton), valueCell, pvCell));
  }
  if (!r.analysis.length) tb.append(element('tr', {}, element('td', { colSpan: 3, textContent: t('analysis.noMoves') })));
  $('an-best').disabled = !r.analysis.length;
}

function renderLine() {
  const ol = $('an-line');
  ol.textContent = '';
  const sides = A.result && A.result.moves.length === A.path.length ? A.result.line : '';
  // The line to the current move, then the moves last visited after it (shown lighter).
  const nodes = [...A.path];
  for (let n = current().last; n; n = n.last) nodes.push(n);
  nodes.forEach((n, k) => {
    const text = `${formatNumber(k + 1)}. ${sides[k] || ''}${n.move}`;
    const b = button(text, t('analysis.lineItem', { n: k + 1, hole: n.move }), () => goTo(nodes.slice(0, k + 1)));
    if (k === A.path.length - 1) b.setAttribute('aria-current', 'true');
    if (k >= A.path.length) b.classList.add('an-ahead');
    ol.append(element('li', {}, b));
  });
  const here = current();
  const box = $('an-variations');
  box.textContent = '';
  if (here.children.length > 1) {
    box.append(t('analysis.variations') + ' ');
    for (const c of here.children) box.append(button(formatNumber(c.move), t('analysis.variationItem', { hole: c.move }), () => goTo([...A.path, c])), ' ');
  }
  $('an-back').disabled = A.path.length === 0;
  $('an-first').disabled = A.path.length === 0;
  $('an-forward').disabled = !here.last && !here.children.length;
  $('an-last').disabled = $('an-forward').disabled;
}

function renderShare() {
  const url = link();
  $('an-link').value = url;
  history.replaceState(null, '', url.slice(location.origin.length));
  if (A.result && document.activeElement !== $('an-code')) $('an-code').value = A.result.view.position;
}

function showView(view) {
  A.board.setView(view);
  A.board.setPlayable(!A.editing && view.status === 'playing' ? holeNames(view.to_move, view.legal_moves) : []);
  $('analysis').dataset.position = view.position;
}

function renderAll() {
  renderStatus();
  renderTable();
  renderLine();
  renderShare();
}

// ---------------------------------------------------------------- the analysis

/** Asks for the analysis of the current line; true when it was shown. */
async function analyse() {
  const req = ++A.req;
  setBusy(true);
  $('an-error').textContent = '';
  const here = current();
  if (here.view) showView(here.view);
  try {
    const r = await call('POST', '/api/analysis', {
      rules: A.rules,
      position: A.start,
      moves: line(),
      movetime_ms: Number($('an-time').value) || 1000,
    });
    if (req !== A.req) return false;
    here.view = r.view;
    A.result = r;
    if (!A.editing) showView(r.view);
    setBusy(false);
    renderAll();
    return true;
  } catch (e) {
    if (req === A.req) showFailure(e);
    return false;
  }
}

/** A request that failed: the position as it was, and why. */
function showFailure(e) {
  setBusy(false);
  renderStatus();
  $('an-error').textContent = errorText(e);
}

/** Plays a move of the player to move: shown at once from the engine's trace, then analysed. */
async function play(move) {
  if (A.editing) return;
  const before = current().view || (A.result && A.result.view);
  const next = child(current(), move);
  A.path.push(next);
  renderLine();
  if (before && !next.view) {
    try {
      const tr = await call('POST', '/api/trace', { rules: A.rules, position: before.position, move });
      next.view = tr.after;
      if (current() === next) showView(tr.after);
    } catch {
      /* the analysis below shows the position, or the error */
    }
  }
  await analyse();
}

function playLine(moves) {
  for (const m of moves) A.path.push(child(current(), m));
  renderLine();
  analyse();
}

function goTo(nodes) {
  A.path = nodes;
  for (let k = 0; k < nodes.length; k++) (k ? nodes[k - 1] : A.root).last = nodes[k];
  renderLine();
  analyse();
}

/** A new tree from `start`, with `moves` as its line. */
function setStart(start, moves = []) {
  A.start = start;
  A.root = node(null, null);
  A.path = [];
  for (const m of moves) A.path.push(child(current(), m));
}

// ---------------------------------------------------------------- set-up

function closedAtRight() {
  return /closed=right/.test(A.rules) || preset() === 'pallankuli';
}

function editTotal() {
  const e = A.edit;
  const board = [...e.holes.south, ...e.holes.north].reduce((s, c) => s + (c ?? 0), 0);
  return board + e.captured.south + e.captured.north + e.reserve.south + e.reserve.north;
}

function editCode() {
  const e = A.edit;
  const row = (r) => r.map((c) => (c === null ? 'x' : String(c))).join(',');
  let code = `${row(e.holes.south)}/${row(e.holes.north)} ${e.side} ${e.captured.south} ${e.captured.north}`;
  if (e.reserve.south || e.reserve.north || e.round !== 1) code += ` ${e.reserve.south} ${e.reserve.north} ${e.round}`;
  return code;
}

function renderEdit() {
  const e = A.edit;
  A.board.setView({ holes: e.holes, captured: e.captured, reserve: e.reserve });
  A.board.setPlayable([]);
  // Every hole can be clicked while setting up; the board itself offers only legal moves.
  for (const g of $('an-board').querySelectorAll('[data-hole]')) {
    g.setAttribute('tabindex', '0');
    g.setAttribute('aria-disabled', 'false');
    g.classList.add('editable');
  }
  $('an-side').value = e.side;
  $('an-cap-s').value = String(e.captured.south);
  $('an-cap-n').value = String(e.captured.north);
  const total = editTotal();
  $('an-total').textContent =
    total === e.total
      ? t('analysis.totalOk', { total })
      : t('analysis.totalOff', { count: total, total: e.total });
  $('an-total').dataset.ok = String(total === e.total);
  $('an-code').value = editCode();
}

function startEditing() {
  const v = (A.result && A.result.view) || current().view;
  if (!v) return;
  A.edit = {
    holes: { south: [...v.holes.south], north: [...v.holes.north] },
    captured: { ...v.captured },
    reserve: { ...v.reserve },
    round: v.round,
    side: v.to_move === 'north' ? 'N' : 'S',
  };
  A.edit.total = editTotal();
  showEditing(true);
  renderEdit();
}

function stopEditing() {
  A.edit = null;
  showEditing(false);
}

/** The set-up's panel shown (`on`) or not. The values shown are those of the position before
 *  the set-up: hidden until it is analysed. */
function showEditing(on) {
  A.editing = on;
  $('an-setup').hidden = !on;
  $('an-moves-card').hidden = on;
  $('an-edit').setAttribute('aria-pressed', String(on));
  $('analysis').dataset.editing = String(on);
}

function editHole(name) {
  const e = A.edit;
  const { side, number: k } = parseHole(name);
  const row = e.holes[side];
  const n = row.length;
  const tool = $('an-setup').querySelector('input[name=tool]:checked').value;
  if (tool === 'close') {
    // Closed holes sit together at the row's closed end; a row keeps one open hole at least.
    const right = closedAtRight();
    const isClosed = row[k - 1] === null;
    let c = right ? (isClosed ? n - k : n - k + 1) : isClosed ? k - 1 : k;
    c = Math.max(0, Math.min(n - 1, c));
    for (let i = 1; i <= n; i++) {
      const shut = right ? i > n - c : i <= c;
      if (shut) row[i - 1] = null;
      else if (row[i - 1] === null) row[i - 1] = 0;
    }
  } else if (row[k - 1] !== null) {
    if (tool === 'add') row[k - 1] += 1;
    else if (tool === 'remove') row[k - 1] = Math.max(0, row[k - 1] - 1);
    else row[k - 1] = 0;
  }
  renderEdit();
  const g = $('an-board').querySelector(`[data-hole="${name}"]`);
  g?.focus();
}

/** A new tree from the position `code`, kept if the server analyses it (true), else the tree
 *  as it was. */
async function startFrom(code) {
  const keep = { start: A.start, root: A.root, path: A.path };
  setStart(code);
  if (await analyse()) return true;
  Object.assign(A, keep);
  return false;
}

async function finishEditing() {
  if (await startFrom(editCode())) {
    stopEditing();
    showView(A.result.view);
  }
}

// ---------------------------------------------------------------- start

function fillPresets() {
  const presets = A.meta.presets.length ? A.meta.presets : [{ name: 'canonical' }];
  const options = presets.map((p) => ({ value: p.name, text: translated(`preset.${p.name}`, p.name) }));
  fillSelect($('an-preset'), options, $('an-preset').value || preset());
}

function wire() {
  const svg = $('an-board');
  svg.addEventListener('click', (e) => {
    if (!A.editing) return;
    const g = e.target.closest('[data-hole]');
    if (g) editHole(g.dataset.hole);
  });
  svg.addEventListener('keydown', (e) => {
    if (!A.editing || (e.key !== 'Enter' && e.key !== ' ')) return;
    const g = e.target.closest('[data-hole]');
    if (g) {
      e.preventDefault();
      editHole(g.dataset.hole);
    }
  });
  $('an-edit').addEventListener('click', () => {
    if (A.editing) {
      stopEditing();
      if (A.result) showView(A.result.view);
    } else startEditing();
  });
  $('an-side').addEventListener('change', () => {
    A.edit.side = $('an-side').value;
    renderEdit();
  });
  for (const [id, side] of [['an-cap-s', 'south'], ['an-cap-n', 'north']]) {
    $(id).addEventListener('input', () => {
      A.edit.captured[side] = Math.max(0, Math.floor(Number($(id).value) || 0));
      renderEdit();
      $(id).focus();
    });
  }
  $('an-balance').addEventListener('click', () => {
    const e = A.edit;
    let missing = e.total - editTotal();
    // Counters missing go half to each side; counters too many come off the captures.
    const half = Math.trunc(missing / 2);
    e.captured.south = Math.max(0, e.captured.south + missing - half);
    e.captured.north = Math.max(0, e.captured.north + half);
    missing = e.total - editTotal();
    if (missing) e.captured.south = Math.max(0, e.captured.south + missing);
    renderEdit();
  });
  $('an-empty').addEventListener('click', () => {
    const e = A.edit;
    for (const side of ['south', 'north']) e.holes[side] = e.holes[side].map((c) => (c === null ? null : 0));
    renderEdit();
  });
  $('an-start').addEventListener('click', () => {
    const e = A.edit;
    const per = Math.round(e.total / (e.holes.south.length * 2));
    for (const side of ['south', 'north']) e.holes[side] = e.holes[side].map(() => per);
    e.captured = { south: 0, north: 0 };
    e.reserve = { south: 0, north: 0 };
    e.round = 1;
    e.side = 'S';
    renderEdit();
  });
  $('an-done').addEventListener('click', finishEditing);
  $('an-first').addEventListener('click', () => goTo([]));
  $('an-back').addEventListener('click', () => goTo(A.path.slice(0, -1)));
  $('an-forward').addEventListener('click', () => {
    const n = current().last || current().children[0];
    if (n) goTo([...A.path, n]);
  });
  $('an-last').addEventListener('click', () => {
    const nodes = [...A.path];
    for (let n = current().last || current().children[0]; n; n = n.last || n.children[0]) nodes.push(n);
    goTo(nodes);
  });
  $('an-best').addEventListener('click', () => {
    if (A.result && A.result.analysis.length) play(A.result.analysis[0].move);
  });
  const rulesChanged = () => {
    A.rules = rulesFromSelects();
    setStart(A.start, []);
    if (A.editing) stopEditing();
    analyse();
  };
  $('an-preset').addEventListener('change', rulesChanged);
  $('an-mode').addEventListener('change', rulesChanged);
  $('an-time').addEventListener('change', () => {
    localStorage.setItem('rajapasu.analysisTime', $('an-time').value);
    analyse();
  });
  copyButton($('an-link'), $('an-copy'));
  const fromCode = async () => {
    const code = $('an-code').value.trim();
    if (code && (await startFrom(code))) stopEditing();
  };
  $('an-code-go').addEventListener('click', fromCode);
  $('an-code').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') fromCode();
  });
  $('an-import').addEventListener('click', async () => {
    const text = $('an-record').value.trim();
    if (!text) return;
    $('an-error').textContent = '';
    setBusy(true);
    try {
      await takeRecord(text);
      stopEditing();
      await analyse();
    } catch (e) {
      showFailure(e);
    }
  });
}

/** Sets the board to a game's record: its rules, start and moves. A record names its rules;
 *  its mode is kept, since its moves may cross round ends. */
async function takeRecord(text) {
  const r = await call('POST', '/api/analysis', { record: text, movetime_ms: 50 });
  A.rules = r.rules;
  showRulesInSelects();
  setStart(r.start, r.moves);
}

/** A game of this server named by the link (`?game=ID`, a game's end box links so): its
 *  record read and taken as an imported one, at its last move (the link then becomes the
 *  board's own). */
async function takeGame() {
  const id = new URLSearchParams(location.search).get('game');
  if (!id) return;
  try {
    // The record is text: `call` answers it as it came.
    await takeRecord(await call('GET', `/api/games/${encodeURIComponent(id)}/record`));
  } catch (e) {
    showFailure(e);
  }
}

async function main() {
  await setLanguage(preferred());
  A.board = new Board($('an-board'), { t, onPlay: (hole) => play(parseHole(hole).number) });
  followPortrait(A.board);
  A.board.speed = 6;
  try {
    A.meta = await call('GET', '/api/meta');
  } catch {
    /* the canonical rules still work */
  }
  readLink();
  fillPresets();
  showRulesInSelects();
  const time = localStorage.getItem('rajapasu.analysisTime');
  if (time && [...$('an-time').options].some((o) => o.value === time)) $('an-time').value = time;
  languageSwitch($('lang'), () => {
    fillPresets();
    if (A.editing) renderEdit();
    else A.board.render();
    renderAll();
  });
  wire();
  await takeGame();
  pollTable();
  await analyse();
}

main();
