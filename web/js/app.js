// The app page: new games, the board, moves, undo, hints, records, live updates.

import { call, seats, liveUpdates, errorText } from './api.js';
import { Board, followPortrait } from './board.js';
import { startHome as openHome, fillHome as refillHome } from './home.js';
import { t, setLanguage, preferred, languageSwitch, describeEvent, roundSentence, apply, formatNumber } from './i18n.js';
import { play as playSound } from './sound.js';
import { markTouch, boardControls, explainList, resignButton, resignText, copyButton, tableRow, showNotFound, showSummary, openSeatAndGame } from './gamepage.js';

const $ = (id) => document.getElementById(id);
let meta = { levels: [], presets: [] };

// ---------------------------------------------------------------- home page

// The home page lives in home.js; these keep its calls below working with this module's meta.
function fillHome() {
  refillHome(meta);
}

async function startHome() {
  await openHome(meta);
}

// ---------------------------------------------------------------- game page

const G = {
  id: null,
  info: null, // the last game info shown
  seat: null, // {token, seat}
  viewingAt: null,
  viewingView: null, // the view shown while looking back
  queue: [],
  busy: false,
  sowing: null, // {side, move} while a move is animated
  paused: null, // {resolve, events} while a match waits at a round's end
  openedPly: null, // the ply whose round summary the player has left, on this page
  board: null,
  lastMove: null, // {ply, side, move, events}: marked on the board and told in words
  hint: null, // {ply, answer}: shown only while the game stands at that ply
  hintAsked: null, // the ply a hint was asked for
  connected: { south: false, north: false },
  resignArmed: false,
  leavingTo: null, // the page this one is leaving for
};

/** The player's own side, when this page holds one seat (not a local game, not a watcher). */
function mySide() {
  return G.seat && (G.seat.seat === 'south' || G.seat.seat === 'north') ? G.seat.seat : null;
}

function isOver(info) {
  return info.view.status !== 'playing' || Boolean(info.resigned);
}

/** The side this page may play now; with `settledOnly` false, also while a message is still
 *  being shown (the status line speaks of the position the board is heading to). */
function mySideToMove(settledOnly = true) {
  const info = G.info;
  if (!info || !G.seat || G.viewingAt !== null) return null;
  if (settledOnly && (G.busy || G.queue.length)) return null;
  const v = info.view;
  if (isOver(info)) return null;
  if (info.computer === v.to_move) return null;
  if (G.seat.seat === 'both' || G.seat.seat === v.to_move) return v.to_move;
  return null;
}

function sideName(s) {
  return t(`side.${s}`);
}

/** A player as a label: a chosen name, the computer, "you", else the side. */
function playerName(info, s) {
  if (info.kind === 'computer') {
    if (info.computer === s) return t('player.computer', { level: info.level });
    return G.seat ? t('player.you') : sideName(s);
  }
  const chosen = info.players && info.players[s];
  if (info.kind === 'online' && mySide() === s) return t('player.youSide', { side: sideName(s) });
  if (chosen) return t('player.named', { name: chosen, side: sideName(s) });
  return sideName(s);
}

/** The other player, as the subject of a sentence ("The computer", "Ann", "North"), or inside
 *  one ("the computer"). */
function opponentName(info, s, inSentence = false) {
  if (info.kind === 'computer' && info.computer === s) return t(inSentence ? 'player.computerInSentence' : 'player.theComputer');
  return (info.players && info.players[s]) || sideName(s);
}

/** Who the page's sentences speak of: the player as "you" when the page holds one seat, the
 *  others by name (the computer, a chosen name, else the side). */
function who(info) {
  return { me: mySide(), name: (s, inSentence) => opponentName(info, s, inSentence) };
}

/** A round's result, from the player's side when the page holds one seat. */
function roundResult(info, r) {
  return roundSentence(r, who(info));
}

/** The result of a finished game, from the player's side. */
function gameResult(info) {
  const v = info.view;
  const me = mySide();
  if (info.resigned) {
    const winner = info.resigned === 'south' ? 'north' : 'south';
    if (me === info.resigned) return t('result.youResigned');
    if (me) return t('result.otherResigned', { loser: opponentName(info, info.resigned) });
    return t('result.resigned', { loser: opponentName(info, info.resigned), winner: opponentName(info, winner) });
  }
  if (v.status === 'round_over') {
    const r = v.rounds[v.rounds.length - 1];
    return r ? roundResult(info, r) : '';
  }
  if (!v.winner) return t('result.matchDrawn');
  if (me === v.winner) return t('result.matchYou');
  return t('result.matchOther', { winner: opponentName(info, v.winner) });
}

function statusText() {
  const info = G.info;
  const v = info.view;
  if (G.viewingAt !== null && G.viewingView) {
    const side = G.viewingView.to_move;
    if (mySide() === side) return t('status.viewingYou', { n: G.viewingAt });
    return t('status.viewing', { n: G.viewingAt, side: opponentName(info, side, true) });
  }
  if (G.sowing) {
    if (mySide() === G.sowing.side) return t('status.sowingYou', { hole: G.sowing.move });
    return t('status.sowing', { player: playerName(info, G.sowing.side), hole: G.sowing.move });
  }
  if (G.paused) return t('status.roundPause');
  if (isOver(info)) return gameResult(info);
  const round = t('status.round', { round: v.round });
  const friendMissing = info.kind === 'online' && (info.seats.south === 'open' || info.seats.north === 'open');
  if (info.computer === v.to_move) return `${round} · ${t('status.thinking')}`;
  const mine = mySideToMove(false);
  if (mine && G.seat.seat !== 'both') {
    return `${round} · ${t('status.yourMove')}${friendMissing ? ` · ${t('status.friendNotJoined')}` : ''}`;
  }
  if (friendMissing && mySide()) return t('status.waitingFriend');
  if (mySide() && mySide() !== v.to_move) return `${round} · ${t('status.waitingFor', { player: opponentName(info, v.to_move) })}`;
  return `${round} · ${t('status.toMove', { side: playerName(info, v.to_move) })}`;
}

/** Who is there, in an online game: the other player for a player, both for a watcher. */
function renderPresence() {
  const info = G.info;
  const p = $('presence');
  if (!info || info.kind !== 'online') {
    p.hidden = true;
    return;
  }
  const conn = G.connected;
  const me = mySide();
  const label = (s) => t(conn[s] ? 'online.connected' : 'online.notConnected', { player: opponentName(info, s) });
  const parts = [];
  if (!me) parts.push(t('online.watching'));
  for (const s of ['south', 'north']) {
    if (s === me) continue;
    if (info.seats[s] === 'open') parts.push(t('online.notJoined'));
    else parts.push(label(s));
  }
  p.textContent = parts.join(' · ');
  p.dataset.connected = me ? String(conn[me === 'south' ? 'north' : 'south']) : '';
  p.hidden = false;
}

/** A hint in words: the best hole and what it leads to, exact when proven. */
function hintText(r) {
  const decided = Math.abs(r.score) >= 1000;
  const margin = decided ? r.score - Math.sign(r.score) * 1000 : r.score;
  const hole = r.move;
  const n = Math.abs(margin);
  if (r.exact) {
    if (margin > 0) return t('hint.winProven', { hole, n });
    if (margin < 0) return t('hint.loseProven', { hole, n });
    return t('hint.drawProven', { hole });
  }
  if (decided) return t(margin >= 0 ? 'hint.winning' : 'hint.losing', { hole, n });
  if (margin > 0) return t('hint.ahead', { hole, n });
  if (margin < 0) return t('hint.behind', { hole, n });
  return t('hint.level', { hole });
}

function renderHint() {
  const el = $('hint-text');
  const info = G.info;
  // A hint belongs to one position: shown only while the game still stands there.
  const fresh = G.hint && info && G.hint.ply === info.ply && G.viewingAt === null && !G.busy;
  if (fresh) {
    el.textContent = hintText(G.hint.answer);
    el.dataset.ply = String(G.hint.ply);
  } else if (G.hintAsked !== null && info && G.hintAsked === info.ply && !G.busy) {
    el.textContent = t('hint.thinking');
    delete el.dataset.ply;
  } else {
    el.textContent = '';
    delete el.dataset.ply;
  }
  const side = info?.view.to_move === 'south' ? 'S' : 'N';
  for (const [k, v] of G.board.marks) if (v === 'hint') G.board.marks.delete(k);
  if (fresh) G.board.mark(`${side}${G.hint.answer.move}`, 'hint');
}

/** The last move in words, from its trace events through the catalogs. */
function renderExplanation() {
  const box = $('explain');
  const lm = G.lastMove;
  if (!lm || G.viewingAt !== null) {
    box.hidden = true;
    return;
  }
  $('explain-title').textContent = mySide() === lm.side
    ? t('explain.titleYou', { n: lm.ply, hole: lm.move })
    : t('explain.title', { n: lm.ply, side: opponentName(G.info, lm.side, true), hole: lm.move });
  const w = who(G.info);
  explainList($('explain-list'), lm.events, (ev) => describeEvent(ev, w));
  box.hidden = false;
}

function renderEnd() {
  const info = G.info;
  const box = $('end-box');
  const over = isOver(info) && !G.busy && G.viewingAt === null;
  box.hidden = !over;
  if (!over) return;
  $('end-text').textContent = gameResult(info);
  const player = Boolean(G.seat);
  const online = info.kind === 'online';
  const offer = info.rematch?.offered_by;
  $('play-again').hidden = !player || online;
  $('rematch').hidden = !player || info.kind === 'local';
  if (online) {
    const me = mySide();
    if (offer && offer === me) {
      $('rematch').textContent = t('end.offered');
      $('rematch').disabled = true;
    } else if (offer) {
      $('rematch').textContent = t('end.accept', { player: opponentName(info, offer) });
      $('rematch').disabled = false;
    } else {
      $('rematch').textContent = t('end.offer');
      $('rematch').disabled = false;
    }
  } else {
    $('rematch').textContent = t('end.rematch');
    $('rematch').disabled = false;
  }
}

function renderPanels() {
  const info = G.info;
  const v = info.view;
  $('status').textContent = statusText();
  const root = $('game');
  root.dataset.status = info.resigned ? 'resigned' : v.status;
  root.dataset.ply = String(info.ply);
  root.dataset.toMove = v.to_move;
  root.dataset.phase = G.sowing ? 'sowing' : G.paused ? 'paused' : G.viewingAt !== null ? 'viewing' : 'idle';
  root.dataset.longestAnimation = String(Math.round(G.longest || 0));
  const canPlay = mySideToMove();
  G.board.setPlayable(canPlay, canPlay ? v.legal_moves : []);
  const own = G.seat && G.info.kind !== 'online';
  $('undo').hidden = !own;
  $('hint').hidden = !own;
  $('undo').disabled = !own || v.moves.length === 0 || G.viewingAt !== null || G.busy || Boolean(info.resigned);
  $('hint').disabled = !canPlay;
  $('resign').hidden = !G.seat || isOver(info);
  $('resign').disabled = G.busy || G.viewingAt !== null;
  $('resign').textContent = resignText(G);
  // Watchers have no keys to press; touch screens neither.
  $('keys-hint').hidden = !G.seat || isOver(info);
  $('name-form').hidden = !(info.kind === 'online' && mySide());
  // invitation
  const open = info.kind === 'online' && (info.seats.south === 'open' || info.seats.north === 'open');
  $('invite-box').hidden = !(open && G.seat && G.seat.invite);
  if (G.seat && G.seat.invite) $('invite-link').value = new URL(G.seat.invite, location.origin).href;
  renderPresence();
  renderHint();
  renderExplanation();
  renderEnd();
  renderMoves();
  // scoreboard
  const tb = $('scoreboard').querySelector('tbody');
  tb.textContent = '';
  const row = (cells, cls) => tableRow(tb, cells, cls);
  for (const r of v.rounds) {
    const winner = !r.winner ? t('score.draw') : mySide() === r.winner ? t('player.you') : opponentName(info, r.winner);
    row([formatNumber(r.round), formatNumber(r.captured.south), formatNumber(r.captured.north), winner]);
  }
  if (v.status === 'playing') {
    row([t('score.now', { round: v.round }), formatNumber(v.captured.south), formatNumber(v.captured.north), ''], 'current');
  }
  const wins = { south: 0, north: 0 };
  for (const r of v.rounds) if (r.winner) wins[r.winner]++;
  if (v.rounds.length) row([t('score.roundsWon'), formatNumber(wins.south), formatNumber(wins.north), ''], 'total');
  G.board.render();
}

function renderMoves() {
  const info = G.info;
  const ol = $('move-list');
  ol.textContent = '';
  const v = info.view;
  const line = info.line || '';
  const starts = info.round_starts || [0];
  for (let k = 0; k < v.moves.length; k++) {
    const r = starts.filter((s) => s <= k).length;
    if (starts.includes(k)) {
      const h = document.createElement('li');
      h.className = 'round-head';
      h.textContent = t('score.roundN', { round: r });
      ol.appendChild(h);
    }
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    const side = line[k] === 'N' ? 'north' : 'south';
    b.textContent = `${k + 1}. ${line[k] || ''}${v.moves[k]}`;
    b.setAttribute('aria-label', t('moves.item', { n: k + 1, side: sideName(side), hole: v.moves[k] }));
    if (G.viewingAt === k + 1) b.setAttribute('aria-current', 'true');
    b.addEventListener('click', () => showAt(k + 1));
    li.appendChild(b);
    ol.appendChild(li);
  }
}

async function showAt(ply) {
  if (G.busy) G.board.skip();
  try {
    const r = await call('GET', `/api/games/${G.id}?at=${ply}`);
    if (ply === G.info.view.moves.length) return backLive();
    G.viewingAt = ply;
    G.viewingView = r.view;
    G.board.setView(r.view);
    G.board.setLastMove(null);
    $('replay-box').hidden = false;
    $('replay-text').textContent = t('game.viewingAt', { n: ply });
    renderPanels();
  } catch (e) {
    $('game-error').textContent = errorText(e);
  }
}

function backLive() {
  G.viewingAt = null;
  G.viewingView = null;
  $('replay-box').hidden = true;
  G.board.setView(G.info.view);
  G.board.setLastMove(G.lastMove?.events);
  renderPanels();
}

function announce(text) {
  if (text) $('announcer').textContent = text;
}

/** The game stands between two rounds (a reload, or a page opened then): the board as the round
 *  left it, its summary, and the same wait as after the move itself. */
async function pauseFromState(info) {
  let last;
  try {
    last = await lastMoveTrace(info);
  } catch {
    return; // without the trace the next round shows at once, which is no harm
  }
  if (G.info.ply !== info.ply) return;
  G.lastMove = last.move;
  G.board.setView(last.before);
  await G.board.animate(last.move.events, () => {}, { instant: true });
  await roundPause(last.move.events, info);
}

/** The end of a round in a match that goes on: the summary, and a wait until the player opens
 *  the next round (the computer's first move of it waits in the queue meanwhile). */
function roundPause(events, info) {
  const end = events.find((e) => e.event === 'round_end');
  const box = $('round-summary');
  const r = info.view.rounds[info.view.rounds.length - 1];
  const parts = [r ? roundResult(info, r) : describeEvent(end, who(info))];
  for (const e of events) if (e.event === 'refill' || e.event === 'game_over') parts.push(describeEvent(e, who(info)));
  const next = showSummary(parts, info.view.round);
  return new Promise((resolve) => {
    G.paused = { resolve };
    renderPanels();
    next.addEventListener('click', () => {
      box.hidden = true;
      G.paused = null;
      G.openedPly = info.ply;
      // The server keeps the summary up until a player opens the round, and the computer's
      // first move of it waits for that (docs/API.md).
      if (G.seat) {
        call('POST', `/api/games/${G.id}/next-round`, { token: G.seat.token }).catch((e) => {
          $('game-error').textContent = errorText(e);
        });
      }
      resolve();
    });
    next.focus();
  });
}

async function pump() {
  if (G.busy) return;
  G.busy = true;
  while (G.queue.length) {
    const msg = G.queue.shift();
    const shownPly = G.info ? G.info.ply : -1;
    if (msg.type === 'move') {
      if (msg.ply <= shownPly) continue;
      if (msg.ply === shownPly + 1 && G.viewingAt === null) {
        G.hint = null;
        G.hintAsked = null;
        G.sowing = { side: msg.side, move: msg.move };
        G.board.setPlayable(null, []);
        renderPanels();
        const w = who(msg.game);
        announce(mySide() === msg.side
          ? t('ev.playedYou', { hole: msg.move })
          : t('ev.played', { side: opponentName(msg.game, msg.side), hole: msg.move }));
        await G.board.animate(msg.events, (ev) => {
          if (ev.event !== 'drop') announce(describeEvent(ev, w));
        });
        G.longest = Math.max(G.longest || 0, G.board.lastDuration);
        G.sowing = null;
        G.lastMove = { ply: msg.ply, side: msg.side, move: msg.move, events: msg.events };
        G.info = msg.game;
        // At a round's end in a match the board stays as the round left it (every counter in
        // a pile) until the player opens the next round; then the refilled board shows.
        if (msg.events.some((e) => e.event === 'round_end') && msg.game.view.status === 'playing' && !msg.game.resigned) {
          await roundPause(msg.events, msg.game);
        }
        G.board.setView(G.info.view);
      } else {
        G.lastMove = { ply: msg.ply, side: msg.side, move: msg.move, events: msg.events };
      }
      G.info = msg.game;
    } else if (msg.type === 'undo') {
      G.info = msg.game;
      G.lastMove = null;
      G.hint = null;
      G.hintAsked = null;
      G.board.setLastMove(null);
      // The move now last is marked again, from its trace.
      fetchLastMove(msg.game);
    } else if (msg.type === 'rematch') {
      G.info = msg.game;
      followRematch(msg.id);
    } else if (msg.game) {
      if (msg.type === 'state' && G.info && msg.game.ply < G.info.ply && !msg.game.view) continue;
      if (msg.game.connected) G.connected = msg.game.connected;
      G.info = msg.game;
      G.board.setNames({ south: playerName(G.info, 'south'), north: playerName(G.info, 'north') });
      if (msg.game.between_rounds && !msg.game.resigned && G.openedPly !== msg.game.ply && G.viewingAt === null) {
        await pauseFromState(msg.game);
      }
      // A state that is not the one after the last move shown (moves missed while the socket
      // was down): the mark and the words of a move that is not the last are taken away.
      if (G.lastMove && G.lastMove.ply !== msg.game.ply) {
        G.lastMove = null;
        G.board.setLastMove(null);
        fetchLastMove(msg.game);
      }
    }
    if (G.viewingAt === null) G.board.setView(G.info.view);
    G.board.setNames({ south: playerName(G.info, 'south'), north: playerName(G.info, 'north') });
  }
  G.busy = false;
  if (G.info) renderPanels();
}

function receive(msg) {
  if (msg.type === 'presence') {
    // Presence is not part of the game's history: shown at once, not after the animations.
    G.connected = msg.connected;
    if (G.info) renderPresence();
    return;
  }
  G.queue.push(msg);
  pump();
}

async function play(number) {
  const side = mySideToMove();
  if (!side) return;
  $('game-error').textContent = '';
  G.board.setPlayable(null, []);
  try {
    const r = await call('POST', `/api/games/${G.id}/moves`, {
      move: number,
      ply: G.info.ply,
      token: G.seat.token,
    });
    receive(r);
  } catch (e) {
    $('game-error').textContent = errorText(e);
    renderPanels();
  }
}

/** Opens a new game that the server made for this page's player. */
function openGame(r, kind) {
  seats.set(r.id, { token: r.token, seat: r.seat, kind, created: r.game.created });
  goTo(`/g/${r.id}`);
}

/** Leaves for `path` once. The player who accepts a rematch hears of it twice (the answer to
 *  the request and the socket's message); a second navigation would abort the first. */
function goTo(path) {
  if (G.leavingTo === path) return;
  G.leavingTo = path;
  location.href = path;
}

/** An online rematch was agreed: a player collects their seat and goes there; a watcher is
 *  taken to watch it. */
async function followRematch(id) {
  if (!G.seat) {
    goTo(`/g/${id}`);
    return;
  }
  if (G.leavingTo === `/g/${id}`) return;
  try {
    const r = await call('POST', `/api/games/${G.id}/rematch`, { token: G.seat.token });
    if (r.token) openGame(r, 'online');
  } catch (e) {
    $('game-error').textContent = errorText(e);
  }
}

async function rematch(swap) {
  $('game-error').textContent = '';
  try {
    const r = await call('POST', `/api/games/${G.id}/rematch`, { token: G.seat.token, swap });
    if (r.token) openGame(r, G.info.kind);
    else receive({ type: 'state', game: r.game });
  } catch (e) {
    $('game-error').textContent = errorText(e);
  }
}

/** The last move of `info` with its events, replayed by the server from the position before
 *  it: `{before: view, move: {ply, side, move, events}}`. */
async function lastMoveTrace(info) {
  const before = await call('GET', `/api/games/${G.id}?at=${info.ply - 1}`);
  const move = info.view.moves[info.ply - 1];
  const trace = await call('POST', '/api/trace', { rules: before.view.rules, position: before.view.position, move });
  const side = info.line[info.ply - 1] === 'N' ? 'north' : 'south';
  return { before: before.view, move: { ply: info.ply, side, move, events: trace.events } };
}

/** The last move's events after a reload, replayed from the position before it. */
async function fetchLastMove(info) {
  if (!info.ply) return;
  try {
    const last = await lastMoveTrace(info);
    if (G.info.ply !== info.ply || G.lastMove) return;
    G.lastMove = last.move;
    if (G.viewingAt === null && !G.busy) G.board.setLastMove(last.move.events);
    renderPanels();
  } catch {
    /* no mark after a reload is no harm */
  }
}

async function startGame(id) {
  G.id = id;
  G.board = new Board($('board'), { t, onPlay: play, onSound: playSound });
  followPortrait(G.board);
  const opened = await openSeatAndGame(id, {
    store: seats,
    api: '/api/games',
    page: '/g',
    entry: (r) => ({ token: r.token, seat: r.seat, kind: 'online', created: r.game.created }),
  });
  if (!opened) return;
  const { info } = opened;
  G.seat = opened.seat;
  if (G.seat && G.seat.seat === 'north') G.board.setBottom('north');
  G.connected = info.connected || G.connected;
  receive({ type: 'state', game: info });
  fetchLastMove(info);
  $('export-text').href = `/api/games/${id}/record?format=text`;
  $('export-json').href = `/api/games/${id}/record?format=json`;
  $('watch-link').href = `/g/${id}`;
  G.showSound = boardControls(G.board);
  $('back-live').addEventListener('click', backLive);
  copyButton($('invite-link'), $('copy-invite'));
  $('undo').addEventListener('click', async () => {
    $('game-error').textContent = '';
    try {
      const r = await call('POST', `/api/games/${id}/undo`, { token: G.seat.token });
      G.board.skip();
      receive(r);
    } catch (e) {
      $('game-error').textContent = errorText(e);
    }
  });
  $('hint').addEventListener('click', async () => {
    const ply = G.info.ply;
    G.hintAsked = ply;
    G.hint = null;
    renderPanels();
    try {
      const r = await call('POST', `/api/games/${id}/hint`, { token: G.seat.token, ply });
      // A late answer, for a position that has passed, is dropped.
      if (G.hintAsked !== ply || G.info.ply !== ply) return;
      G.hint = { ply, answer: r };
      renderPanels();
    } catch (e) {
      if (G.hintAsked === ply) G.hintAsked = null;
      $('hint-text').textContent = errorText(e);
    }
  });
  resignButton(G, () => G.info && renderPanels(), async () => {
    try {
      const r = await call('POST', `/api/games/${id}/resign`, { token: G.seat.token });
      receive(r);
    } catch (e) {
      $('game-error').textContent = errorText(e);
    }
  });
  $('play-again').addEventListener('click', () => rematch(false));
  $('rematch').addEventListener('click', () => rematch(true));
  $('name-input').value = (mySide() && info.players?.[mySide()]) || '';
  $('name-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const r = await call('POST', `/api/games/${id}/name`, { token: G.seat.token, name: $('name-input').value });
      receive(r);
    } catch (err) {
      $('game-error').textContent = errorText(err);
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, textarea, select')) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const n = Number(e.key);
    if (n >= 1 && n <= 9 && G.info && n <= G.info.view.holes.south.length) {
      e.preventDefault();
      const side = mySideToMove();
      if (side && G.info.view.legal_moves.includes(n)) play(n);
    }
  });
  const hello = G.seat ? JSON.stringify({ token: G.seat.token }) : null;
  liveUpdates(id, receive, (up) => {
    $('conn').textContent = up ? '' : t('game.offline');
  }, hello);
}

// ---------------------------------------------------------------- start

function refresh() {
  apply(document);
  if (!$('home').hidden) fillHome();
  if (!$('not-found').hidden) showNotFound(G.id);
  if (G.info) {
    G.board.setNames({ south: playerName(G.info, 'south'), north: playerName(G.info, 'north') });
    G.showSound?.();
    renderPanels();
  }
}

async function main() {
  markTouch();
  await setLanguage(preferred());
  languageSwitch($('lang'), refresh);
  try {
    meta = await call('GET', '/api/meta');
  } catch {
    /* the form still works with defaults */
  }
  const m = location.pathname.match(/^\/g\/([^/]+)/);
  if (m) await startGame(decodeURIComponent(m[1]));
  else await startHome();
}

main();
