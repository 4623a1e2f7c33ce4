// The page of a game being played, for both games (app.js: Raja Pasu, mandiri.js: Raja Pasu
// Mandiri): the game's state, the queue of what the server sends and its pump (a move animated,
// an undo, a round's end and its summary), looking back at an earlier move while the game goes
// on, the controls every game has (the move list, undo, resign, skip, speed, sound), the
// language switch and the page's start. What differs between the games (their board, their
// sentences, their forms, their routes) comes from the game's adapter: see startPage.

import { call, liveUpdates, errorText, networkDelay, signedIn } from './api.js';
import { followPortrait } from './board.js';
import { t, setLanguage, preferred, languageSwitch, apply, element, formatNumber } from './i18n.js';
import { ratingText } from './ratings.js';
import { play as playSound, soundOn, setSound } from './sound.js';
import { markTouch, explainList, showNotFound, showSummary, openSeatAndGame, tableRow, button } from './gamepage.js';
import { startClocks } from './clocks.js';
import { gameSeen } from './header.js';

const $ = (id) => document.getElementById(id);

/** The page's game. A move is kept as its message has it, without `type` and `game`, and with
 *  `before`, the view it was played from when the page knows it: {ply, move, events, before,
 *  and who played it (side, or player and seat)}. */
export const G = {
  id: null,
  info: null, // the game as the page shows it: the server's game object
  seat: null, // this browser's seat in it ({token, …}), null for a watcher
  queue: [], // the server's messages not shown yet
  busy: false, // the pump is showing them
  sowing: null, // the move message being animated
  paused: null, // {close, ply} while a round's summary waits to be closed
  openedPly: null, // the ply whose round summary the page has left
  board: null,
  lastMove: null, // the last move: marked on the board and told in words
  viewingAt: null, // the ply shown while looking back at an earlier move
  viewingView: null, // the view shown then
  viewingMove: null, // the move that led there, when the server tells it
  live: null, // the board as the game showed it, to come back to after looking back
  connected: null, // who has the game open: the adapter's `connected`, then presence messages
  resignArmed: false,
  leaving: null, // the page this one is leaving for: it leaves once
  longest: 0, // the longest animation yet, as its schedule had it, in ms (for the tests' pace check)
};

/** The game's adapter (startPage). */
let game = null;
/** The clocks of a timed game. */
let clocks = null;

/** Whether the page shows an earlier position than the game's. */
export function viewing() {
  return G.viewingAt !== null;
}

/** Whether this page may move now: one of its players is to move, and nothing is being shown. */
export function canMove() {
  const info = G.info;
  if (!info || !G.seat || viewing() || G.busy || G.queue.length || G.paused) return false;
  if (game.isOver(info) || info.between_rounds || info.view.status !== 'playing') return false;
  return game.mayMove(info);
}

export function showError(e) {
  $('game-error').textContent = e ? errorText(e) : '';
}

/** A request of this page's seat about the game (`action`: moves, hint, rematch, …): its answer. */
export function request(action, body = {}) {
  return call('POST', `${game.api}/${G.id}/${action}`, { token: G.seat.token, ...body });
}

/** A request whose answer is shown as a message of the socket would be (undo, name, …). */
async function post(action, body = {}) {
  showError(null);
  try {
    receive(await request(action, body));
  } catch (e) {
    showError(e);
  }
}

function announce(text) {
  if (text) $('announcer').textContent = text;
}

/** Whether this page holds a seat of a game on this device or against the computer: its undo
 *  and hints are offered (an online game has neither). */
export function own() {
  return Boolean(G.seat) && G.info?.kind !== 'online';
}

/** Calls `handler(e)` for each key pressed on the page, but not with a modifier, nor in one of
 *  `fields` (whose keys are their own). */
export function onKey(handler, fields = 'input, textarea, select') {
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.target.closest?.(fields)) return;
    handler(e);
  });
}

/** Leaves for `path`, once: a second navigation would abort the first (a page may hear of its
 *  new game twice, from the answer to its request and from the socket). */
export function leaveFor(path) {
  if (G.leaving) return;
  G.leaving = path;
  location.href = path;
}

/** Leaves for the new game `r` (an answer with a seat), keeping the seat as a created game's. */
export function openNewGame(r, kind) {
  if (G.leaving) return;
  game.seats.set(r.id, game.seatEntry(r, kind));
  leaveFor(`${game.page}/${r.id}`);
}

// ---------------------------------------------------------------- the panels

/** Shows the game: the status line, the board's playable holes, the common controls, and the
 *  game's own panels (the adapter's render). */
export function render() {
  const info = G.info;
  const v = info.view;
  $('status').textContent = game.statusText();
  // Rated or casual, in a timed online game (the only ones that can be rated).
  $('game-rating').hidden = info.kind !== 'online' || !info.clock;
  $('game-rating').textContent = t(info.rated ? 'rating.rated' : 'rating.casual');
  $('game-rating').dataset.rated = String(Boolean(info.rated));
  const root = $('game');
  root.dataset.status = game.statusWord(info);
  root.dataset.ply = String(info.ply);
  gameSeen(`${info.ply}/${root.dataset.status}`);
  root.dataset.toMove = v.to_move;
  root.dataset.phase = viewing() ? 'viewing' : G.sowing ? 'sowing' : G.paused ? 'paused' : 'idle';
  root.dataset.longestAnimation = String(Math.round(G.longest));
  G.board.setPlayable(canMove() ? game.legal(info) : []);
  $('undo').hidden = !own();
  $('undo').disabled = !own() || info.ply === 0 || G.busy || viewing() || !game.undoable(info);
  $('resign').hidden = !G.seat || game.isOver(info);
  $('resign').disabled = G.busy || viewing();
  $('resign').textContent = t(G.resignArmed ? 'game.resignSure' : 'game.resign');
  renderOffers(info);
  // Watchers have no keys to press; touch screens neither (style.css).
  $('keys-hint').hidden = !G.seat || game.isOver(info);
  // A signed-in player plays under the account's name: only a guest is asked for one.
  $('name-form').hidden = !(info.kind === 'online' && game.mine().length === 1) || signedIn();
  // The summary between rounds waits, out of the way, while the player looks back.
  if (G.paused) $('round-summary').hidden = viewing();
  $('replay-box').hidden = !viewing();
  if (viewing()) $('replay-text').textContent = game.replayText(G.viewingAt, info.ply);
  const over = game.isOver(info) && !G.busy && !viewing();
  // The end comes into view once (on a phone it is below the game's first screen).
  if (over && $('end-box').hidden) requestAnimationFrame(() => $('end-box').scrollIntoView({ block: 'nearest' }));
  $('end-box').hidden = !over;
  if (over) $('end-text').textContent = game.result(info);
  if (over && info.rated) showRatingChange();
  // After a game against the computer: the player's mistakes, as puzzles (puzzles.js).
  const learn = $('learn-mistakes');
  if (learn) {
    learn.hidden = !(over && info.kind === 'computer' && info.computer);
    const side = info.computer === 'south' ? 'north' : 'south';
    learn.href = `/puzzles?game=${encodeURIComponent(G.id)}&side=${side}`;
  }
  clocks ??= startClocks($('clocks'), () => game.clockNames(G.info), announce);
  clocks.show(info.clock);
  renderPresence();
  renderExplanation();
  renderMoves();
  const tbody = $('scoreboard').querySelector('tbody');
  tbody.textContent = '';
  for (const [cells, cls] of game.scores(info)) tableRow(tbody, cells, cls);
  game.render();
  G.board.render();
}

/** Who is there, in an online game: the adapter's words for the others, and for a watcher that
 *  they watch. */
/** Below a rated game's result: each player's new rating and its change (asked once the game
 *  is over; the server rates it as it stores the end). */
async function showRatingChange() {
  if (G.ratingsShown === G.id) return;
  G.ratingsShown = G.id;
  try {
    const r = await call('GET', `/api/ratings/games/${encodeURIComponent(G.id)}`);
    const sign = (n) => (n > 0 ? `+${formatNumber(n)}` : n < 0 ? `−${formatNumber(-n)}` : '±0');
    const text = r.players.map((p) => `${p.name} ${ratingText(p)} (${sign(p.change)})`).join(' · ');
    $('rating-change').hidden = !text;
    $('rating-change').textContent = text ? t('rating.change', { ratings: text }) : '';
  } catch {
    G.ratingsShown = null;
  }
}

/** This page's players as the game object's offers count them: by index (South 0, North 1;
 *  Mandiri's players 1 to 3 at 0 to 2). */
function myIndexes() {
  return game.mine().map((p) => (p === 'south' ? 0 : p === 'north' ? 1 : Number(p) - 1));
}

/** The draw and takeback buttons of an online game: offer, offered (waiting for the others), or
 *  accept what the others offered; takebacks only where the game's policy allows them. */
function renderOffers(info) {
  const offers = info.offers;
  const live = Boolean(offers) && info.kind === 'online' && Boolean(G.seat) && !game.isOver(info);
  const mine = myIndexes();
  const button = (id, list, keys, shown) => {
    $(id).hidden = !shown;
    if (!shown) return;
    const offered = list.some((i) => mine.includes(i));
    const others = list.some((i) => !mine.includes(i));
    $(id).textContent = t(offered ? keys[1] : others ? keys[2] : keys[0]);
    $(id).disabled = offered || G.busy || viewing();
    $(id).dataset.state = offered ? 'offered' : others ? 'asked' : 'none';
  };
  button('draw', offers?.draw || [], ['offer.draw', 'offer.drawOffered', 'offer.drawAccept'], live);
  const allowed = offers && (offers.takebacks === 'always' || (offers.takebacks === 'casual' && !info.rated));
  button('takeback', offers?.takeback || [], ['offer.takeback', 'offer.takebackAsked', 'offer.takebackAccept'], live && allowed && info.ply > 0);
}

function renderPresence() {
  const box = $('presence');
  box.hidden = !G.info || G.info.kind !== 'online';
  if (box.hidden) return;
  const { others, connected } = game.presence(G.info);
  box.textContent = [...(G.seat ? [] : [t('online.watching')]), ...others].join(' · ');
  box.dataset.connected = connected;
}

/** The last move in words, from its events (while looking back: the move shown, when the server
 *  told it). */
function renderExplanation() {
  const box = $('explain');
  const move = viewing() ? G.viewingMove : G.lastMove;
  if (!move) {
    box.hidden = true;
    return;
  }
  $('explain-title').textContent = game.explainTitle(move);
  explainList($('explain-list'), move.events, (ev) => game.describe(ev, move, G.info));
  box.hidden = false;
}

/** The moves, a heading before each round; a move's button looks back at the position after it. */
function renderMoves() {
  const ol = $('move-list');
  // The list is written anew: the move that had the focus keeps it.
  const focused = ol.contains(document.activeElement) ? document.activeElement.dataset.ply : null;
  ol.textContent = '';
  const starts = G.info.round_starts || [0];
  game.moveItems().forEach(({ text, label }, k) => {
    if (starts.includes(k)) {
      ol.append(element('li', { className: 'round-head', textContent: t('score.roundN', { round: starts.filter((s) => s <= k).length }) }));
    }
    const b = button(text, label, () => showAt(k + 1));
    if (G.viewingAt === k + 1) b.setAttribute('aria-current', 'true');
    b.dataset.ply = String(k + 1);
    ol.append(element('li', {}, b));
    if (focused === b.dataset.ply) b.focus({ preventScroll: true });
  });
}

// ---------------------------------------------------------------- rounds

/** The summary of the round that ended at `info`'s ply (the adapter's paragraphs, from the
 *  events between the rounds when the page has them), and a button that opens the next round.
 *  Resolves when the summary is left: by this page's player, or because a message shows that
 *  another player opened the round. */
function roundPause(info, events = []) {
  const box = $('round-summary');
  const next = showSummary(game.summary(info, events), info.view.round);
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
    render();
    next.addEventListener('click', () => {
      close();
      // The server keeps the summary up until a player opens the round, and a computer's first
      // move of it waits for that (docs/API.md).
      request('next-round', { ply: info.ply })
        .then((opened) => {
          // The answer is the game as the round was opened: a move the socket brought since
          // (a computer's first move of the round) is newer, and the answer is dropped.
          const moved = G.info.ply > info.ply || G.sowing || G.queue.some((m) => m.game && m.game.ply > info.ply);
          if (!moved) receive(opened);
        })
        .catch(showError);
    });
    if (G.seat) next.focus();
  });
}

/** The board as the round that ended at `info`'s ply left it, as after the move itself: the
 *  position before the last move, and the move played at once. A page opened (or reloaded)
 *  between rounds has no move yet: it reads it from the server. */
async function showRoundEnd(info) {
  if (G.lastMove?.ply !== info.ply) {
    try {
      const move = await game.lastMove(info);
      if (G.info.ply === info.ply && move) G.lastMove = move;
    } catch {
      /* the summary tells the round's result without the events */
    }
  }
  if (viewing()) return;
  const move = G.lastMove?.ply === info.ply ? G.lastMove : null;
  if (move?.before) {
    G.board.setView(move.before);
    await G.board.animate(move.events, () => {}, { instant: true });
  } else {
    G.board.setView(info.view);
  }
}

// ---------------------------------------------------------------- the messages

/** Takes a message of the server (the socket's, or the answer to this page's request). */
export function receive(msg) {
  if (!msg || typeof msg !== 'object') return;
  if (msg.type === 'presence') {
    // Presence is not part of the game's history: shown at once, not after the animations.
    G.connected = msg.connected;
    renderPresence();
    return;
  }
  // Another player opened the next round (or moved in it): the summary here is left too.
  if (G.paused && msg.game && msg.game.ply >= G.paused.ply && !msg.game.between_rounds) G.paused.close();
  G.queue.push(msg);
  pump();
}

/** Shows the messages in turn, each move animated: the next message waits for the one before. */
async function pump() {
  if (G.busy) return;
  G.busy = true;
  while (G.queue.length) {
    const msg = G.queue.shift();
    if (msg.type === 'move' && G.info && msg.ply <= G.info.ply) continue;
    game.received?.(msg);
    if (msg.type === 'move') await showMove(msg);
    else if (msg.type === 'undo') showUndo(msg.game);
    else if (msg.game) await showState(msg.game);
    if (!viewing()) G.board.setView(G.info.view);
    G.board.setNames(game.names());
  }
  G.busy = false;
  if (G.info) render();
}

async function showMove(msg) {
  const next = msg.ply === G.info.ply + 1;
  const { type, game: after, ...move } = msg;
  move.before = next ? G.info.view : null;
  if (next && !viewing()) {
    G.sowing = msg;
    G.board.setPlayable([]);
    render();
    announce(game.announceMove(msg));
    await G.board.animate(msg.events, (ev) => {
      if (ev.event !== 'drop') announce(game.describe(ev, move, after));
    });
    G.longest = Math.max(G.longest, G.board.lastSchedule);
    G.sowing = null;
    G.lastMove = move;
    G.info = after;
    // At a round's end in a match the board stays as the round left it (every counter in a
    // store) until the player opens the next round; then the refilled board shows.
    if (after.between_rounds && !game.isOver(after)) await roundPause(after, msg.events);
  } else {
    // Not shown move by move (moves missed, or the player is looking back): the game goes on
    // all the same, and a round that ended is summed up when the page shows the game.
    G.lastMove = move;
    G.info = after;
    if (!viewing()) G.board.setLastMove(null);
  }
}

function showUndo(info) {
  G.info = info;
  G.lastMove = null;
  // A position looked at that the undo took away is left for the game's.
  if (viewing() && G.viewingAt >= info.ply) leaveViewing();
  if (!viewing()) G.board.setLastMove(null);
  // The move now last is marked again, and told.
  fetchLastMove(info);
}

async function showState(info) {
  G.info = info;
  // A state that is not the one after the last move shown (moves missed while the socket was
  // down): the mark and the words of a move that is not the last are taken away.
  if (G.lastMove && G.lastMove.ply !== info.ply) {
    G.lastMove = null;
    if (!viewing()) G.board.setLastMove(null);
    fetchLastMove(info);
  }
  if (info.between_rounds && !game.isOver(info) && G.openedPly !== info.ply && !viewing()) {
    await showRoundEnd(info);
    G.board.setNames(game.names());
    await roundPause(info, G.lastMove?.ply === info.ply ? G.lastMove.events : []);
  }
}

/** The last move of `info` after a reload or an undo: marked on the board and told in words. */
async function fetchLastMove(info) {
  // Between rounds the pump reads it, for the round's summary.
  if (!info.ply || info.between_rounds) return;
  try {
    const move = await game.lastMove(info);
    if (G.info.ply !== info.ply || G.lastMove || !move) return;
    G.lastMove = move;
    if (!viewing() && !G.busy) G.board.setLastMove(move.events);
    if (!G.busy) render();
  } catch {
    /* no mark after a reload is no harm */
  }
}

// ---------------------------------------------------------------- looking back

/** Shows the position after move `ply` (and that move, marked and told, when the server tells
 *  it); the game goes on meanwhile. The last move is the game itself. */
async function showAt(ply) {
  if (G.busy) G.board.skip();
  showError(null);
  try {
    const at = await game.positionAt(ply);
    if (ply >= G.info.ply) {
      backLive();
      return;
    }
    if (!viewing()) {
      // The board as the game shows it, to come back to (a round's end stays as it was left).
      G.live = { ply: G.info.ply, model: structuredClone(G.board.model), marks: new Map(G.board.lastMarks) };
    }
    G.viewingAt = ply;
    G.viewingView = at.view;
    G.viewingMove = at.move;
    G.board.setPlayable([]);
    G.board.setView(at.view);
    G.board.setNames(game.names());
    G.board.setLastMove(at.move?.events);
    render();
    // The move list is far below the board on a phone: the board is brought into sight.
    const box = $('board').getBoundingClientRect();
    if (box.bottom < 0 || box.top > window.innerHeight) $('replay-box').scrollIntoView({ block: 'start', behavior: 'smooth' });
  } catch (e) {
    showError(e);
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
    render();
    return;
  }
  const saved = leaveViewing();
  G.board.setNames(game.names());
  if (saved && saved.ply === G.info.ply) {
    G.board.model = saved.model;
    G.board.lastMarks = saved.marks;
    G.board.render();
  } else {
    G.board.setView(G.info.view);
    G.board.setLastMove(G.lastMove?.ply === G.info.ply ? G.lastMove.events : null);
  }
  render();
  const info = G.info;
  if (info.between_rounds && !game.isOver(info) && G.openedPly !== info.ply && !G.paused) receive({ type: 'state', game: info });
}

// ---------------------------------------------------------------- playing

/** Plays `hole` (a hole's name) if this page may move. */
/** A hole typed on the keyboard that cannot be played now: the error line (an alert for screen
 *  readers) says why — not this page's move, or which holes it may play — rather than the key
 *  doing nothing. While a move is being shown the key is only ignored. */
export function refuseKey(hole) {
  if (!G.info || G.busy || G.queue.length || G.paused || viewing()) return;
  const legal = canMove() ? game.legal(G.info) : [];
  $('game-error').textContent = legal.length ? t('game.keyNotPlayable', { hole, holes: legal.join(', ') }) : t('game.keyNotYourMove');
}

export async function play(hole) {
  if (!canMove()) return;
  G.board.setPlayable([]);
  showError(null);
  try {
    const body = { move: game.moveOf(hole), ply: G.info.ply };
    if (G.info.clock) body.lag_ms = networkDelay();
    receive(await request('moves', body));
  } catch (e) {
    showError(e);
    render();
  }
}

/** The page's controls of a board: the speed (kept for every page), skip, sound (off until
 *  turned on). Returns the function that writes the sound button's text again (a language
 *  change). */
function boardControls(board) {
  const speed = Number(localStorage.getItem('rajapasu.speed')) || 3;
  $('speed').value = String(speed);
  board.speed = speed;
  $('speed').addEventListener('input', (e) => {
    board.speed = Number(e.target.value);
    localStorage.setItem('rajapasu.speed', e.target.value);
  });
  $('skip').addEventListener('click', () => board.skip());
  const showSound = () => {
    $('sound').textContent = t(soundOn() ? 'game.soundOn' : 'game.soundOff');
    $('sound').setAttribute('aria-pressed', String(soundOn()));
  };
  showSound();
  $('sound').addEventListener('click', () => {
    setSound(!soundOn());
    showSound();
  });
  // The explanation of the last move folds, and stays as the player left it.
  $('explain').open = localStorage.getItem('rajapasu.explain') !== 'closed';
  $('explain').addEventListener('toggle', () => {
    localStorage.setItem('rajapasu.explain', $('explain').open ? 'open' : 'closed');
  });
  return showSound;
}

/** Opens the game `id`: its seat, its board, its controls, its socket. */
/** The end box's ways onward: the analysis board (Raja Pasu's only: it takes no Mandiri
 *  position), and the event of a tournament's game, which the game's `event` names however
 *  the page was opened (`?event=ID`, which the event's page adds, for games stored before). */
function endLinks(id, info) {
  if (game.analysable) $('end-analyse').href = `/analysis?game=${encodeURIComponent(id)}`;
  $('end-analyse').hidden = !game.analysable;
  const event = info.event ?? new URLSearchParams(location.search).get('event');
  const known = Boolean(event && /^\w+$/.test(event));
  if (known) $('end-event').href = `/t/${event}`;
  $('end-event').hidden = !known;
}

async function startGame(id) {
  G.id = id;
  G.board = game.newBoard($('board'), { t, onPlay: play, onSound: playSound });
  followPortrait(G.board);
  const opened = await openSeatAndGame(id, game);
  if (!opened) return;
  const { info } = opened;
  G.seat = opened.seat;
  G.connected = game.connected(info);
  game.opened?.(info);
  receive({ type: 'state', game: info });
  fetchLastMove(info);
  $('export-text').href = `${game.api}/${id}/record`;
  $('export-json').href = `${game.api}/${id}/record?format=json`;
  $('watch-link').href = `${game.page}/${id}`;
  endLinks(id, info);
  G.showSound = boardControls(G.board);
  $('back-live').addEventListener('click', backLive);
  $('undo').addEventListener('click', () => {
    G.board.skip();
    post('undo', { ply: G.info.ply });
  });
  // The first click arms the resign button for 4 s ("Really resign?"), the second resigns, so
  // that a slip of the finger does not end the game.
  $('resign').addEventListener('click', () => {
    G.resignArmed = !G.resignArmed;
    if (!G.resignArmed) {
      post('resign', { ply: G.info.ply });
      return;
    }
    render();
    setTimeout(() => {
      G.resignArmed = false;
      render();
    }, 4000);
  });
  $('draw').addEventListener('click', () => post('draw', { ply: G.info.ply }));
  $('takeback').addEventListener('click', () => post('takeback', { ply: G.info.ply }));
  $('name-form').addEventListener('submit', (e) => {
    e.preventDefault();
    post('name', { name: $('name-input').value });
  });
  $('name-input').value = game.myName(info);
  game.start(info);
  const hello = G.seat ? JSON.stringify({ token: G.seat.token }) : null;
  liveUpdates(id, receive, (up) => {
    $('conn').textContent = up ? '' : t('game.offline');
  }, hello, `${game.api}/${encodeURIComponent(id)}/ws`);
}

// ---------------------------------------------------------------- start

/** The page again, in the language just chosen. */
function refresh() {
  apply(document);
  game.refreshHome();
  if (!$('not-found').hidden) showNotFound(G.id);
  if (G.info) {
    G.board.setNames(game.names());
    G.showSound?.();
    render();
  }
}

/**
 * Starts the page of a game: its game at `{game.page}/{id}`, its new-game form anywhere else.
 *
 * `adapter` is what differs between the games:
 * - routes and seats: `api` (the games' API path), `page` (a game page's path), `seats` (this
 *   browser's tokens, api.js), `seatEntry(answer, kind)` (the seat kept of a game created or
 *   joined);
 * - the board: `newBoard(svg, opts)`, `analysable` (the analysis board takes the game), `names()` (the players' names shown on it), `legal(info)`
 *   (the holes that may be played, by name), `moveOf(hole)` (a move as the API takes it);
 * - who moves: `mine()` (the players this page holds), `mayMove(info)` (one of them is to move,
 *   not a computer), `isOver(info)`, `undoable(info)`, `connected(info)`;
 * - the server's moves: `positionAt(ply)` ({view, move}: the position after `ply` moves, and
 *   the move that led there when the server tells it), `lastMove(info)` (the last move, with
 *   its events and `before`);
 * - the words: `statusText()`, `statusWord(info)`, `result(info)` (a finished game's),
 *   `replayText(ply, count)`, `announceMove(msg)`, `describe(ev, move, info)`,
 *   `explainTitle(move)`, `summary(info, events)`, `moveItems()` ([{text, label}] for the move
 *   list), `scores(info)` (the scoreboard's rows: [cells, class]), `presence(info)` ({others:
 *   the others' presence in words, connected: the presence's data}), `myName(info)` (the name
 *   the page's player chose);
 * - its own panels and controls: `render()`, `start(info)` (wires them
 *   once the game is shown), `opened(info)` (optional: before it is shown), `received(msg)`
 *   (optional: each message, before it is shown);
 * - its new-game form: `home()`, `refreshHome()`.
 */
export async function startPage(adapter) {
  game = adapter;
  markTouch();
  await setLanguage(preferred());
  languageSwitch($('lang'), refresh);
  const m = location.pathname.match(new RegExp(`^${game.page}/([^/]+)`));
  if (m) await startGame(decodeURIComponent(m[1]));
  else await game.home();
}
