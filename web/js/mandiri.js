// The Raja Pasu Mandiri page (RULES.md section 9): the new-game form at /mandiri, and a game at
// /m/{id} against two computers, by three players on one device, or online with two friends.
// The board is board3.js's; the pacing, the sounds, the status line and the words are the
// two-player page's.

import { call, mandiriSeats, liveUpdates, errorText } from './api.js';
import { followPortrait } from './board.js';
import { Board3, SEATS, seatName, describeMandiri, roundWinners } from './board3.js';
import { t, setLanguage, preferred, languageSwitch, apply, formatNumber, language } from './i18n.js';
import { play as playSound } from './sound.js';
import { markTouch, boardControls, explainList, resignButton, resignText, copyButton, tableRow, showNotFound, showSummary, openSeatAndGame } from './gamepage.js';
import { startHelp, renderHelp } from './mandiri_help.js';

const $ = (id) => document.getElementById(id);
const API = '/api/mandiri/games';

const G = {
  id: null,
  info: null,
  seat: null, // {token, players, kind, created, invites}
  queue: [],
  busy: false,
  sowing: null, // {player, seat, move} while a move is animated
  paused: null, // {resolve, ply} while the page waits at a round's end
  openedPly: null, // the ply whose round summary this page has left
  board: null,
  lastMove: null, // {ply, player, seat, move, events, view}: marked on the board and told in words
  viewingAt: null, // the ply shown while looking back at an earlier move
  viewingView: null, // the view shown while looking back
  viewingMove: null, // the move that led there, as lastMove
  moves: [], // the holes played, from the record and from each move since
  connected: [false, false, false],
  resignArmed: false,
  typed: '', // the letter of a hole name being typed
};

// ---------------------------------------------------------------- who is who

/** The players this page holds: [n] for one seat, [1, 2, 3] on one device, [] for a watcher. */
function mine() {
  return G.seat?.players || [];
}

/** The page's own player when it holds exactly one, else null. */
function me() {
  return mine().length === 1 ? mine()[0] : null;
}

function entry(info, p) {
  return info.players.find((x) => x.number === p) || { number: p, who: 'open' };
}

function seatOf(view, p) {
  return SEATS[view.seats.indexOf(p)];
}

function playerIn(view, seat) {
  return view.seats[SEATS.indexOf(seat)];
}

/** A player by name: "You (player 2)", "Computer (level 3)", a chosen name, "Player 3". */
function playerName(info, p) {
  const e = entry(info, p);
  if (me() === p) return t('m.you', { n: p });
  if (e.who === 'computer') return t('m.computer', { n: p });
  if (chosenName(e)) return t('player.named', { name: e.name, side: t('m.player', { n: p }) });
  return t('m.player', { n: p });
}

/** A name the player chose (online), not one the server gives by default. */
function chosenName(e) {
  return e.name && !/^(Player( [123])?|Computer [123] \(level .*\))$/.test(e.name) ? e.name : '';
}

/** A player with the seat they hold in `view`, in one form everywhere: "Player 2 at the right
 *  end", "Player 1 (you) in the Raja's seat" (a name may hold brackets: the seat is not put in
 *  more of them). */
function inSeat(info, view, seat) {
  return t(`m.inSeat.${seat}`, { player: playerName(info, playerIn(view, seat)) });
}

/** Who the sentences speak of: the page's own player as "you", a seat by its player (inSeat). */
function who(info, view = info.view) {
  const mySeat = me() ? seatOf(view, me()) : null;
  return {
    me: me(),
    mySeat,
    seat: (s) => inSeat(info, view, s),
    player: (p) => playerName(info, p),
  };
}

/** The seats as they were during move `ply` (1-based): a finished round's, else the current
 *  ones. Enough for who() to name the seats of that move's events. */
function seatsAt(info, ply) {
  const round = (info.round_starts || [0]).filter((s) => s <= ply - 1).length;
  const done = info.view.rounds.find((r) => r.round === round);
  return { seats: done ? done.seats : info.view.seats };
}

function viewing() {
  return G.viewingAt !== null;
}

function isOver(info) {
  return info.over || Boolean(info.resigned) || info.view.status === 'match_over';
}

/** Whether this page may move now: its player is the one to move, nothing is being shown. */
function canMove() {
  const info = G.info;
  if (!info || !G.seat || viewing() || G.busy || G.queue.length || G.paused || isOver(info) || info.between_rounds) return false;
  const v = info.view;
  if (v.status !== 'playing') return false;
  const p = playerIn(v, v.to_move);
  return mine().includes(p) && entry(info, p).who !== 'computer';
}

// ---------------------------------------------------------------- texts

function matchResult(info) {
  const w = who(info);
  const others = (p) => [1, 2, 3].filter((x) => x !== p && !entry(info, x).out).map((x) => playerName(info, x)).join(t('m.and'));
  if (info.resigned) {
    if (me() === info.resigned) return t('m.result.youResigned', { players: others(info.resigned) });
    return t('m.result.resigned', { player: playerName(info, info.resigned), players: others(info.resigned) });
  }
  const winners = info.winners?.length ? info.winners : info.view.winners || [];
  if (!winners.length) return t('result.matchDrawn');
  if (me() && winners.includes(me())) {
    if (winners.length === 1) return t('m.result.you');
    return t('m.result.youShare', { players: winners.filter((p) => p !== me()).map((p) => playerName(info, p)).join(t('m.and')) });
  }
  return describeMandiri({ event: 'game_over', winners }, w);
}

function statusText() {
  const info = G.info;
  const v = info.view;
  if (viewing()) return t('m.status.viewing', { n: G.viewingAt });
  if (G.sowing) {
    if (me() === G.sowing.player) return t('m.status.sowingYou', { hole: G.sowing.move });
    return t('m.status.sowing', { player: playerName(info, G.sowing.player), hole: G.sowing.move });
  }
  if (G.paused || info.between_rounds) return t('status.roundPause');
  if (isOver(info)) return matchResult(info);
  if (info.kind === 'online' && info.players.some((p) => p.who === 'open') && G.seat) return t('m.status.waitingFriends');
  const round = t('status.round', { round: v.round });
  const p = playerIn(v, v.to_move);
  const player = inSeat(info, v, v.to_move);
  if (entry(info, p).who === 'computer') return `${round} · ${t('m.status.thinking', { player })}`;
  if (me() === p) return `${round} · ${t('m.status.yourMove', { seat: seatName(v.to_move) })}`;
  if (me()) return `${round} · ${t('status.waitingFor', { player })}`;
  return `${round} · ${t('m.status.toMove', { player })}`;
}

function announce(text) {
  if (text) $('announcer').textContent = text;
}

// ---------------------------------------------------------------- panels

/** The rounds a Raja serves, from the rule set (RULES.md 9.5, option term). */
function term(info) {
  const m = /term=(\d+)/.exec(info.rules || '');
  return m ? Number(m[1]) : 3;
}

function renderPlayers() {
  const info = G.info;
  const v = info.view;
  const ul = $('player-list');
  ul.textContent = '';
  for (const p of [1, 2, 3]) {
    const e = entry(info, p);
    const seat = seatOf(v, p);
    const li = document.createElement('li');
    li.dataset.player = String(p);
    li.dataset.seat = seat;
    li.dataset.toMove = String(!isOver(info) && v.status === 'playing' && v.to_move === seat);
    const chip = document.createElement('span');
    chip.className = `seat-chip seat-${seat}`;
    chip.textContent = seat;
    li.append(chip, ` ${playerName(info, p)} · ${seatName(seat)}`);
    const parts = [];
    if (seat === 'C') parts.push(`♛ ${t('m.players.office', { office: v.office, term: term(info) })}`);
    if (e.who === 'computer') parts.push(t('m.computerLevel', { level: info.level }));
    if (e.out) parts.push(t('m.players.out'));
    if (v.reserve[p - 1]) parts.push(t('m.players.reserve', { count: v.reserve[p - 1] }));
    const debt = v.debts?.[p - 1];
    if (debt) parts.push(t('m.players.owes', { count: debt.count, lender: playerName(info, debt.lender) }));
    if (parts.length) li.append(` · ${parts.join(' · ')}`);
    ul.appendChild(li);
  }
}

/** Who is there, in an online game. */
function renderPresence() {
  const info = G.info;
  const el = $('presence');
  if (!info || info.kind !== 'online') {
    el.hidden = true;
    return;
  }
  const parts = [];
  if (!G.seat) parts.push(t('online.watching'));
  for (const p of [1, 2, 3]) {
    if (p === me()) continue;
    const e = entry(info, p);
    const name = playerName(info, p);
    if (e.who === 'open') parts.push(t('m.presence.open', { player: name }));
    else parts.push(t(G.connected[p - 1] ? 'online.connected' : 'online.notConnected', { player: name }));
  }
  el.textContent = parts.join(' · ');
  el.dataset.connected = G.connected.map(String).join(',');
  el.hidden = false;
}

function renderInvites() {
  const info = G.info;
  const invites = G.seat?.invites || [];
  const open = info.kind === 'online' && info.players.some((p) => p.who === 'open');
  $('invite-box').hidden = !(open && invites.length);
  const list = $('invite-list');
  if (list.children.length === invites.length) {
    list.querySelectorAll('[data-i18n-n]').forEach((s) => (s.textContent = t('m.invite.link', { n: Number(s.dataset.i18nN) })));
    return;
  }
  list.textContent = '';
  invites.forEach((path, i) => {
    const label = document.createElement('label');
    const span = document.createElement('span');
    span.dataset.i18nN = String(i + 1);
    span.textContent = t('m.invite.link', { n: i + 1 });
    const row = document.createElement('div');
    row.className = 'copy-row';
    const input = document.createElement('input');
    input.readOnly = true;
    input.className = 'invite-link';
    input.value = new URL(path, location.origin).href;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-invite';
    button.dataset.i18n = 'game.copy';
    button.textContent = t('game.copy');
    copyButton(input, button);
    row.append(input, button);
    label.append(span, row);
    list.appendChild(label);
  });
}

/** The last move in words, from its events (while looking back: the move shown). */
function renderExplanation() {
  const box = $('explain');
  const lm = viewing() ? G.viewingMove : G.lastMove;
  if (!lm) {
    box.hidden = true;
    return;
  }
  const info = G.info;
  const view = lm.view || info.view;
  $('explain-title').textContent = t('m.explain.title', { n: lm.ply, player: inSeat(info, view, lm.seat), hole: lm.move });
  const w = who(info, view);
  explainList($('explain-list'), lm.events, (ev) => describeMandiri(ev, w));
  box.hidden = false;
}

function renderMoves() {
  const info = G.info;
  const ol = $('move-list');
  // The list is written anew: the move that had the focus keeps it.
  const focused = ol.contains(document.activeElement) ? document.activeElement.dataset.ply : null;
  ol.textContent = '';
  const moves = G.moves;
  const line = info.line || '';
  const starts = info.round_starts || [0];
  for (let k = 0; k < line.length; k++) {
    if (starts.includes(k)) {
      const h = document.createElement('li');
      h.className = 'round-head';
      h.textContent = t('score.roundN', { round: starts.filter((s) => s <= k).length });
      ol.appendChild(h);
    }
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    const hole = moves[k] || '';
    b.textContent = `${formatNumber(k + 1)}. ${line[k]} ${hole}`.trim();
    b.setAttribute('aria-label', t('m.moves.item', { n: k + 1, seat: seatName(line[k]), hole }));
    if (G.viewingAt === k + 1) b.setAttribute('aria-current', 'true');
    b.dataset.ply = String(k + 1);
    b.addEventListener('click', () => showAt(k + 1));
    li.appendChild(b);
    ol.appendChild(li);
    if (focused === b.dataset.ply) b.focus({ preventScroll: true });
  }
}

function renderScores() {
  const info = G.info;
  const v = info.view;
  const tb = $('scoreboard').querySelector('tbody');
  tb.textContent = '';
  const row = (cells, cls) => tableRow(tb, cells, cls);
  const names = (ps) => ps.map((p) => playerName(info, p)).join(t('m.and'));
  for (const r of v.rounds) {
    row([formatNumber(r.round), playerName(info, r.seats[0]), ...r.captured.map((c) => formatNumber(c)), names(r.winners)]);
  }
  if (v.status === 'playing' && !info.between_rounds && !isOver(info)) {
    row([t('score.now', { round: v.round }), playerName(info, v.seats[0]), ...v.captured.map((c) => formatNumber(c)), ''], 'current');
  }
}

function renderEnd() {
  const info = G.info;
  const over = isOver(info) && !G.busy && !viewing();
  $('end-box').hidden = !over;
  if (over) $('end-text').textContent = matchResult(info);
}

/** The players' names in the stores of the board shown (while looking back, that position's). */
function storeNames() {
  const info = G.info;
  const view = viewing() ? G.viewingView : info.view;
  return Object.fromEntries(SEATS.map((s) => [s, playerName(info, playerIn(view, s))]));
}

function renderPanels() {
  const info = G.info;
  const v = info.view;
  $('status').textContent = statusText();
  const root = $('game');
  root.dataset.status = info.resigned ? 'resigned' : isOver(info) ? 'match_over' : info.between_rounds ? 'between_rounds' : v.status;
  root.dataset.ply = String(info.ply);
  root.dataset.toMove = v.to_move;
  root.dataset.round = String(v.round);
  root.dataset.phase = viewing() ? 'viewing' : G.sowing ? 'sowing' : G.paused ? 'paused' : 'idle';
  root.dataset.longestAnimation = String(Math.round(G.longest || 0));
  G.board.setPlayable(canMove() ? v.legal : []);
  const own = Boolean(G.seat) && info.kind !== 'online';
  $('undo').hidden = !own;
  $('undo').disabled = !own || info.ply === 0 || G.busy || isOver(info) || viewing();
  $('resign').hidden = !G.seat || isOver(info);
  $('resign').disabled = G.busy || viewing();
  // The summary between rounds waits, out of the way, while the player looks back.
  if (G.paused) $('round-summary').hidden = viewing();
  $('replay-box').hidden = !viewing();
  if (viewing()) $('replay-text').textContent = t('m.replay.text', { n: G.viewingAt, count: info.ply });
  $('resign').textContent = resignText(G);
  $('keys-hint').hidden = !G.seat || isOver(info);
  $('name-form').hidden = !(info.kind === 'online' && me());
  renderInvites();
  renderPresence();
  renderPlayers();
  renderExplanation();
  renderMoves();
  renderScores();
  renderEnd();
  renderHelp();
}

// ---------------------------------------------------------------- rounds

/** The summary of the round that ended at `info`'s ply, with the events between the rounds when
 *  the page saw the move, and a button that opens the next round. */
function roundPause(info, events = []) {
  const box = $('round-summary');
  const v = info.view;
  const r = v.rounds[v.rounds.length - 1];
  const w = who(info, G.lastMove?.view || v);
  const parts = [];
  if (r) {
    parts.push(`${t('score.roundN', { round: r.round })}: ${roundWinners(r.winners, w)}`);
    parts.push(SEATS.map((s, i) => `${inSeat(info, r, s)}: ${t('board.captured', { count: r.captured[i] })}`).join(' · '));
  }
  for (const e of events) {
    if (['repay', 'gift', 'borrow', 'out', 'office', 'refill'].includes(e.event)) parts.push(describeMandiri(e, who(info)));
  }
  const next = showSummary(parts, v.round);
  // A watcher waits for a player to open the round.
  next.hidden = !G.seat;
  return new Promise((resolve) => {
    const close = () => {
      box.hidden = true;
      G.paused = null;
      G.openedPly = info.ply;
      resolve();
    };
    G.paused = { close, ply: info.ply };
    renderPanels();
    next.addEventListener('click', () => {
      close();
      call('POST', `${API}/${G.id}/next-round`, { token: G.seat.token, ply: info.ply })
        .then(receive)
        .catch((e) => ($('game-error').textContent = errorText(e)));
    });
    if (G.seat) next.focus();
  });
}

// ---------------------------------------------------------------- messages

async function pump() {
  if (G.busy) return;
  G.busy = true;
  while (G.queue.length) {
    const msg = G.queue.shift();
    const shownPly = G.info ? G.info.ply : -1;
    if (msg.type === 'move') {
      if (msg.ply <= shownPly) continue;
      G.moves.length = msg.ply - 1;
      G.moves[msg.ply - 1] = msg.move;
      // The seats during the move: the view before it, when the page showed that one.
      const before = msg.ply === shownPly + 1 ? G.info?.view : seatsAt(msg.game, msg.ply);
      const last = { ply: msg.ply, player: msg.player, seat: msg.seat, move: msg.move, events: msg.events, view: before };
      if (msg.ply === shownPly + 1 && !viewing()) {
        G.sowing = { player: msg.player, seat: msg.seat, move: msg.move };
        G.board.setPlayable([]);
        renderPanels();
        const w = who(msg.game, before || msg.game.view);
        announce(me() === msg.player
          ? t('m.ev.playedYou', { hole: msg.move })
          : t('m.ev.played', { player: t(`m.inSeat.${msg.seat}`, { player: playerName(msg.game, msg.player) }), hole: msg.move }));
        await G.board.animate(msg.events, (ev) => {
          if (ev.event !== 'drop') announce(describeMandiri(ev, w));
        });
        G.longest = Math.max(G.longest || 0, G.board.lastDuration);
        G.sowing = null;
        G.lastMove = last;
        G.info = msg.game;
        if (msg.game.between_rounds && !isOver(msg.game)) await roundPause(msg.game, msg.events);
      } else {
        // Not shown move by move (moves missed, or the player is looking back): the game goes
        // on all the same, and a round that ended is summed up when the page shows the game.
        G.lastMove = last;
        G.info = msg.game;
        if (!viewing()) G.board.setLastMove(null);
      }
    } else if (msg.type === 'undo') {
      G.info = msg.game;
      G.moves.length = Math.min(G.moves.length, msg.game.ply);
      G.lastMove = null;
      if (viewing() && G.viewingAt >= msg.game.ply) leaveViewing();
      if (!viewing()) G.board.setLastMove(null);
      // The move now last is marked again, and told.
      fetchLastMove(msg.game);
    } else if (msg.game) {
      G.info = msg.game;
      if (G.lastMove && G.lastMove.ply !== msg.game.ply) {
        G.lastMove = null;
        if (!viewing()) G.board.setLastMove(null);
        fetchLastMove(msg.game);
      }
      if (msg.game.between_rounds && !isOver(msg.game) && G.openedPly !== msg.game.ply && !viewing()) {
        await showRoundEnd(msg.game);
        G.board.setNames(storeNames());
        await roundPause(msg.game, G.lastMove?.ply === msg.game.ply ? G.lastMove.events : []);
      }
    }
    if (!viewing()) G.board.setView(G.info.view);
    G.board.setNames(storeNames());
  }
  G.busy = false;
  if (G.info) renderPanels();
}

/** The board as the round that ended at `info`'s ply left it, as after the move itself: the
 *  position before the last move, and the move played at once. A page opened (or reloaded)
 *  between rounds has no move: it reads the move and its events from the server. */
async function showRoundEnd(info) {
  if (G.lastMove?.ply !== info.ply) {
    try {
      const last = await lastMoveAt(info.ply);
      if (G.info.ply === info.ply) G.lastMove = last.move;
    } catch {
      /* the summary tells the round's result without the events */
    }
  }
  const lm = G.lastMove?.ply === info.ply ? G.lastMove : null;
  if (lm?.view?.counts && !viewing()) {
    G.board.setView(lm.view);
    await G.board.animate(lm.events, () => {}, { instant: true });
  } else if (!viewing()) {
    G.board.setView(info.view);
  }
}

/** Move `ply` (1-based) from the server: the position after it, the one before it, and the
 *  move with its events as a live one brings them ({ply, player, seat, move, events, view}). */
async function lastMoveAt(ply) {
  const [at, before] = await Promise.all([
    call('GET', `${API}/${G.id}?at=${ply}`),
    call('GET', `${API}/${G.id}?at=${ply - 1}`),
  ]);
  const lm = at.last_move;
  if (lm && !G.moves[ply - 1]) G.moves[ply - 1] = lm.move;
  const move = lm ? { ply, player: lm.player, seat: lm.seat, move: lm.move, events: lm.events, view: before.view } : null;
  return { view: at.view, before: before.view, move };
}

/** The last move of `info` after a reload or an undo: marked on the board and told in words. */
async function fetchLastMove(info) {
  // Between rounds the pump reads it, for the round's summary.
  if (!info.ply || info.between_rounds) return;
  try {
    const last = await lastMoveAt(info.ply);
    if (G.info.ply !== info.ply || G.lastMove || !last.move) return;
    G.lastMove = last.move;
    if (!viewing() && !G.busy) G.board.setLastMove(last.move.events);
    if (!G.busy) renderPanels();
  } catch {
    /* no mark after a reload is no harm */
  }
}

// ---------------------------------------------------------------- looking back

/** Shows the position after move `ply`, that move marked and told; the game goes on meanwhile.
 *  The last move is the game itself. */
async function showAt(ply) {
  if (G.busy) G.board.skip();
  $('game-error').textContent = '';
  try {
    const r = await lastMoveAt(ply);
    if (ply >= G.info.ply) {
      backLive();
      return;
    }
    if (!viewing()) {
      // The board as the game shows it, to come back to (a round's end stays as it was left).
      G.live = { ply: G.info.ply, model: structuredClone(G.board.model), marks: new Map(G.board.lastMarks) };
    }
    G.viewingAt = ply;
    G.viewingView = r.view;
    G.viewingMove = r.move;
    G.board.setPlayable([]);
    G.board.setView(r.view);
    G.board.setNames(storeNames());
    G.board.setLastMove(r.move?.events);
    renderPanels();
    // The move list is far below the board on a phone: the board is brought into sight.
    const box = $('board').getBoundingClientRect();
    if (box.bottom < 0 || box.top > window.innerHeight) $('replay-box').scrollIntoView({ block: 'start', behavior: 'smooth' });
  } catch (e) {
    $('game-error').textContent = errorText(e);
  }
}

/** Stops looking back: no more than the state (the board is the caller's). */
function leaveViewing() {
  const saved = G.live;
  G.viewingAt = null;
  G.viewingView = null;
  G.viewingMove = null;
  G.live = null;
  return saved;
}

/** Back to the game: the current position, and a round's summary if one ended meanwhile. */
function backLive() {
  if (!viewing()) {
    renderPanels();
    return;
  }
  const saved = leaveViewing();
  G.board.setNames(storeNames());
  if (saved && saved.ply === G.info.ply) {
    G.board.model = saved.model;
    G.board.lastMarks = saved.marks;
    G.board.render();
  } else {
    G.board.setView(G.info.view);
    G.board.setLastMove(G.lastMove?.ply === G.info.ply ? G.lastMove.events : null);
  }
  renderPanels();
  const info = G.info;
  if (info.between_rounds && !isOver(info) && G.openedPly !== info.ply && !G.paused) receive({ type: 'state', game: info });
}

function receive(msg) {
  if (!msg || typeof msg !== 'object') return;
  if (msg.type === 'presence') {
    G.connected = msg.connected;
    if (G.info) renderPresence();
    return;
  }
  // Another player opened the next round (or moved in it): the summary here is left too.
  if (G.paused && msg.game && msg.game.ply >= G.paused.ply && !msg.game.between_rounds) G.paused.close();
  G.queue.push(msg);
  pump();
}

async function play(hole) {
  if (!canMove()) return;
  $('game-error').textContent = '';
  G.board.setPlayable([]);
  try {
    receive(await call('POST', `${API}/${G.id}/moves`, { token: G.seat.token, move: hole, ply: G.info.ply }));
  } catch (e) {
    $('game-error').textContent = errorText(e);
    renderPanels();
  }
}

/** A hole's name typed on the keyboard: its letter, then its number. */
function typedKey(e) {
  if (e.target.closest && e.target.closest('input, textarea, select, button, a')) return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key.toUpperCase();
  if (k === 'S' || k === 'N') {
    G.typed = k;
    e.preventDefault();
    return;
  }
  if (G.typed && /^[1-7]$/.test(k)) {
    const hole = `${G.typed}${k}`;
    G.typed = '';
    e.preventDefault();
    if (G.info && G.info.view.legal.includes(hole)) play(hole);
    return;
  }
  G.typed = '';
}

// ---------------------------------------------------------------- the page of a game

/** The holes played so far, from the record (the game's info has only the movers' seats). */
async function fetchMoves() {
  try {
    const r = await call('GET', `${API}/${G.id}/record?format=json`);
    if (G.moves.length < r.moves.length) G.moves = r.moves.slice(0, G.info.ply);
    if (G.info && !G.busy) renderMoves();
  } catch {
    /* the list shows the seats alone */
  }
}

async function post(action, body = {}) {
  $('game-error').textContent = '';
  try {
    receive(await call('POST', `${API}/${G.id}/${action}`, { token: G.seat.token, ply: G.info.ply, ...body }));
  } catch (e) {
    $('game-error').textContent = errorText(e);
  }
}

async function startGame(id) {
  G.id = id;
  G.board = new Board3($('board'), { t, onPlay: play, onSound: playSound });
  followPortrait(G.board);
  const opened = await openSeatAndGame(id, {
    store: mandiriSeats,
    api: API,
    page: '/m',
    entry: (r) => ({ token: r.token, players: r.players, kind: 'online', created: r.game.created }),
  });
  if (!opened) return;
  const { info } = opened;
  G.seat = opened.seat;
  G.connected = info.players.map((p) => Boolean(p.connected));
  receive({ type: 'state', game: info });
  fetchMoves();
  fetchLastMove(info);
  $('export-text').href = `${API}/${id}/record`;
  $('export-json').href = `${API}/${id}/record?format=json`;
  $('watch-link').href = `/m/${id}`;
  G.showSound = boardControls(G.board);
  $('undo').addEventListener('click', () => {
    G.board.skip();
    post('undo');
  });
  resignButton(G, () => G.info && renderPanels(), () => post('resign'));
  startHelp({ G, api: API, canMove, isOver, playerName, receive });
  $('back-live').addEventListener('click', backLive);
  const mineEntry = me() && entry(info, me());
  $('name-input').value = mineEntry ? chosenName(mineEntry) : '';
  $('name-form').addEventListener('submit', (e) => {
    e.preventDefault();
    post('name', { name: $('name-input').value });
  });
  document.addEventListener('keydown', typedKey);
  const hello = G.seat ? JSON.stringify({ token: G.seat.token }) : null;
  liveUpdates(id, receive, (up) => {
    $('conn').textContent = up ? '' : t('game.offline');
  }, hello, `${API}/${encodeURIComponent(id)}/ws`);
}

// ---------------------------------------------------------------- the new-game form

function fillForm(meta) {
  const level = $('m-level');
  const keep = level.value || String(meta.default_level ?? 3);
  level.textContent = '';
  const levels = meta.levels?.length ? meta.levels : [1, 2, 3, 4, 5, 6].map((number) => ({ number, name: String(number) }));
  for (const l of levels) {
    const o = document.createElement('option');
    o.value = l.number;
    const key = `level.${l.number}`;
    o.textContent = t('level.option', { number: l.number, name: t(key) !== key ? t(key) : l.name });
    level.appendChild(o);
  }
  level.value = keep;
  const kind = new FormData($('m-new')).get('kind');
  $('m-level-field').hidden = kind !== 'computer';
  $('m-player-field').hidden = kind === 'local';
  const all = Object.entries(mandiriSeats.all()).sort((a, b) => (b[1].created || 0) - (a[1].created || 0));
  const ul = $('m-my-games');
  ul.textContent = '';
  $('m-my-games-card').hidden = all.length === 0;
  for (const [id, s] of all.slice(0, 20)) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/m/${id}`;
    a.textContent = `${t(`m.kind.${s.kind}`)} · ${new Date((s.created || 0) * 1000).toLocaleString(language())}`;
    li.appendChild(a);
    ul.appendChild(li);
  }
}

async function startHome() {
  $('m-home').hidden = false;
  let meta = {};
  try {
    meta = await call('GET', '/api/meta');
  } catch {
    /* the form works with the default levels */
  }
  G.meta = meta;
  fillForm(meta);
  $('m-new').addEventListener('change', () => fillForm(meta));
  $('m-new').addEventListener('submit', async (e) => {
    e.preventDefault();
    const fd = new FormData(e.target);
    const kind = fd.get('kind');
    const body = { kind, rules: fd.get('mode') === 'round' ? 'mandiri/mode=round' : 'mandiri' };
    if (kind === 'computer') body.level = Number(fd.get('level'));
    if (kind !== 'local') body.player = Number(fd.get('player'));
    $('m-start').disabled = true;
    $('m-home-error').textContent = '';
    try {
      const r = await call('POST', API, body);
      mandiriSeats.set(r.id, { token: r.token, players: r.players, kind, created: r.game.created, invites: r.invites });
      location.href = `/m/${r.id}`;
    } catch (err) {
      $('m-home-error').textContent = errorText(err);
      $('m-start').disabled = false;
    }
  });
}

// ---------------------------------------------------------------- start

function refresh() {
  apply(document);
  if (!$('m-home').hidden) fillForm(G.meta || {});
  if (!$('not-found').hidden) showNotFound(G.id);
  if (G.info) {
    G.board.setNames(storeNames());
    G.showSound?.();
    renderPanels();
  }
}

async function main() {
  markTouch();
  await setLanguage(preferred());
  languageSwitch($('lang'), refresh);
  const m = location.pathname.match(/^\/m\/([^/]+)/);
  if (m) await startGame(decodeURIComponent(m[1]));
  else await startHome();
}


main();
