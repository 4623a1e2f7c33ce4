// The Raja Pasu Mandiri page (RULES.md section 9): the new-game form at /mandiri, and a game at
// /m/{id} against two computers, by three players on one device, or online with two friends, as
// live_game.js plays it. What is this game's own: its board (board3.js), its three players and
// their seats, its sentences, its panels, its keys (a hole's name typed) and its API paths; its
// hint and rematch are in mandiri_help.js.

import { call, mandiriSeats } from './api.js';
import { Board3, SEATS, seatName, describeMandiri, roundWinners } from './board3.js';
import { t, formatNumber, element } from './i18n.js';
import { copyButton } from './gamepage.js';
import { loadMeta, startNewGameForm } from './new_game.js';
import { G, viewing, play, refuseKey, render, startPage, onKey } from './live_game.js';
import { startHelp, renderHelp } from './mandiri_help.js';

const $ = (id) => document.getElementById(id);
const API = '/api/mandiri/games';

/** Raja Pasu Mandiri's routes, and this browser's seats in its games (live_game.js). */
const ROUTES = {
  api: API,
  game: 'mandiri',
  page: '/m',
  seats: mandiriSeats,
  seatEntry: (r, kind) => ({ token: r.token, players: r.players, kind, created: r.game.created, invites: r.invites }),
};

const M = {
  moves: [], // the holes played, from the record and from each move since (the game object has only the movers' seats)
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

/** The seats as they were during `move`: the view it was played from, else those of the round
 *  it was played in (a finished round's, or the current ones). */
function seatsDuring(info, move) {
  if (move.before) return move.before;
  const round = (info.round_starts || [0]).filter((s) => s <= move.ply - 1).length;
  const done = info.view.rounds.find((r) => r.round === round);
  return { seats: done ? done.seats : info.view.seats };
}

function isOver(info) {
  return info.over || Boolean(info.resigned) || info.view.status === 'match_over';
}

/** The player to move is one of this page's, and a person. */
function mayMove(info) {
  const p = playerIn(info.view, info.view.to_move);
  return mine().includes(p) && entry(info, p).who !== 'computer';
}

// ---------------------------------------------------------------- texts

function matchResult(info) {
  const w = who(info);
  const others = (p) => [1, 2, 3].filter((x) => x !== p && !entry(info, x).out).map((x) => playerName(info, x)).join(t('m.and'));
  if (info.offers?.drawn) return t('result.drawnAgreed');
  if (info.resigned && info.clock && info.clock.timed_out !== null) {
    return t('m.result.timedOut', { player: playerName(info, info.resigned), players: others(info.resigned) });
  }
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

/** The summary of the round that ended at `info`'s ply, with the events between the rounds when
 *  the page saw the move. */
function summary(info, events) {
  const v = info.view;
  const r = v.rounds[v.rounds.length - 1];
  const w = who(info, G.lastMove?.before || v);
  const parts = [];
  if (r) {
    parts.push(`${t('score.roundN', { round: r.round })}: ${roundWinners(r.winners, w)}`);
    parts.push(SEATS.map((s, i) => `${inSeat(info, r, s)}: ${t('board.captured', { count: r.captured[i] })}`).join(' · '));
  }
  for (const e of events) {
    if (['repay', 'gift', 'borrow', 'out', 'office', 'refill'].includes(e.event)) parts.push(describeMandiri(e, who(info)));
  }
  return parts;
}

// ---------------------------------------------------------------- panels

function renderPlayers() {
  const info = G.info;
  const v = info.view;
  const ul = $('player-list');
  ul.textContent = '';
  for (const p of [1, 2, 3]) {
    const e = entry(info, p);
    const seat = seatOf(v, p);
    const toMove = !isOver(info) && v.status === 'playing' && v.to_move === seat;
    const chip = element('span', { className: `seat-chip seat-${seat}`, textContent: seat });
    const li = element('li', { 'data-player': p, 'data-seat': seat, 'data-to-move': toMove }, chip, ` ${playerName(info, p)} · ${seatName(seat)}`);
    const parts = [];
    if (seat === 'C') parts.push(`♛ ${t('m.players.office', { office: v.office, term: v.term })}`);
    if (e.who === 'computer') parts.push(t('m.computerLevel', { level: info.level }));
    if (e.out) parts.push(t('m.players.out'));
    if (v.reserve[p - 1]) parts.push(t('m.players.reserve', { count: v.reserve[p - 1] }));
    const debt = v.debts?.[p - 1];
    if (debt) parts.push(t('m.players.owes', { count: debt.count, lender: playerName(info, debt.lender) }));
    if (parts.length) li.append(` · ${parts.join(' · ')}`);
    ul.appendChild(li);
  }
}

/** Who is there, in an online game: the other players, or all three for a watcher. */
function presence(info) {
  const words = (p) => (entry(info, p).who === 'open' ? 'm.presence.open' : G.connected[p - 1] ? 'online.connected' : 'online.notConnected');
  return {
    others: [1, 2, 3].filter((p) => p !== me()).map((p) => t(words(p), { player: playerName(info, p) })),
    connected: G.connected.map(String).join(','),
  };
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
  list.replaceChildren(
    ...invites.map((path, i) => {
      const span = element('span', { 'data-i18n-n': i + 1, textContent: t('m.invite.link', { n: i + 1 }) });
      const input = element('input', { readOnly: true, className: 'invite-link', value: new URL(path, location.origin).href });
      const button = element('button', { type: 'button', className: 'copy-invite', 'data-i18n': 'game.copy', textContent: t('game.copy') });
      copyButton(input, button);
      return element('label', {}, span, element('div', { className: 'copy-row' }, input, button));
    }),
  );
}

/** The scoreboard: each round (its Raja, the seats' captures, its winners), and the one being
 *  played. */
function scores(info) {
  const v = info.view;
  const names = (ps) => ps.map((p) => playerName(info, p)).join(t('m.and'));
  const rows = v.rounds.map((r) => [[formatNumber(r.round), playerName(info, r.seats[0]), ...r.captured.map((c) => formatNumber(c)), names(r.winners)]]);
  if (v.status === 'playing' && !info.between_rounds && !isOver(info)) {
    rows.push([[t('score.now', { round: v.round }), playerName(info, v.seats[0]), ...v.captured.map((c) => formatNumber(c)), ''], 'current']);
  }
  return rows;
}

function renderGame() {
  $('game').dataset.round = String(G.info.view.round);
  renderInvites();
  renderPlayers();
  renderHelp();
}

/** The players' names in the stores of the board shown (while looking back, that position's). */
function storeNames() {
  const info = G.info;
  const view = viewing() ? G.viewingView : info.view;
  return Object.fromEntries(SEATS.map((s) => [s, playerName(info, playerIn(view, s))]));
}

// ---------------------------------------------------------------- the server's moves

/** The position after move `ply` (1-based) and that move, with its events and the position
 *  before it, as a live move brings them. */
async function positionAt(ply) {
  const [at, before] = await Promise.all([call('GET', `${API}/${G.id}?at=${ply}`), call('GET', `${API}/${G.id}?at=${ply - 1}`)]);
  const lm = at.last_move;
  if (lm && !M.moves[ply - 1]) M.moves[ply - 1] = lm.move;
  const move = lm ? { ply, player: lm.player, seat: lm.seat, move: lm.move, events: lm.events, before: before.view } : null;
  return { view: at.view, move };
}

/** The holes played so far, from the record (the game object has only the movers' seats). */
async function fetchMoves() {
  try {
    const r = await call('GET', `${API}/${G.id}/record?format=json`);
    if (M.moves.length < r.moves.length) M.moves = r.moves.slice(0, G.info.ply);
    if (G.info && !G.busy) render();
  } catch {
    /* the list shows the seats alone */
  }
}

/** A hole's name typed on the keyboard: its letter, then its number. */
function typedKey(e) {
  const k = e.key.toUpperCase();
  if (k === 'S' || k === 'N') {
    M.typed = k;
    e.preventDefault();
    return;
  }
  if (M.typed && /^[1-7]$/.test(k)) {
    const hole = `${M.typed}${k}`;
    M.typed = '';
    e.preventDefault();
    if (G.info && G.info.view.legal.includes(hole)) play(hole);
    else refuseKey(hole);
    return;
  }
  M.typed = '';
}

// ---------------------------------------------------------------- the new-game form

const FORM = {
  ...ROUTES,
  prefix: 'm-',
  sideField: 'm-player-field',
  kinds: 'm.kind',
  // Mandiri is not solved: level 7, the proven strategy of Raja Pasu, is not offered.
  maxLevel: 6,
  /** The request of the form's choices. */
  body(fd) {
    const kind = fd.get('kind');
    const body = { kind, rules: fd.get('mode') === 'round' ? 'mandiri/mode=round' : 'mandiri' };
    if (kind === 'computer') body.level = Number(fd.get('level'));
    if (kind !== 'local') body.player = Number(fd.get('player'));
    if (kind === 'online' && fd.get('clock')) body.clock = fd.get('clock');
    if (body.clock && fd.get('rated')) body.rated = true;
    if (kind === 'online') body.takebacks = fd.get('takebacks');
    return body;
  },
};

let form = null;

// ---------------------------------------------------------------- the game's adapter

startPage({
  ...ROUTES,
  newBoard: (svg, opts) => new Board3(svg, opts),
  names: storeNames,
  clockNames: (info) => [1, 2, 3].map((p) => playerName(info, p)),
  legal: (info) => info.view.legal,
  moveOf: (hole) => hole,
  mine,
  mayMove,
  isOver,
  undoable: (info) => !isOver(info),
  connected: (info) => info.players.map((p) => Boolean(p.connected)),
  positionAt,
  lastMove: async (info) => (await positionAt(info.ply)).move,
  statusText,
  statusWord: (info) => (info.resigned ? 'resigned' : isOver(info) ? 'match_over' : info.between_rounds ? 'between_rounds' : info.view.status),
  result: matchResult,
  replayText: (ply, count) => t('m.replay.text', { n: ply, count }),
  announceMove: (msg) =>
    me() === msg.player
      ? t('m.ev.playedYou', { hole: msg.move })
      : t('m.ev.played', { player: t(`m.inSeat.${msg.seat}`, { player: playerName(msg.game, msg.player) }), hole: msg.move }),
  describe: (ev, move, info) => describeMandiri(ev, who(info, seatsDuring(info, move))),
  explainTitle: (move) => t('m.explain.title', { n: move.ply, player: inSeat(G.info, seatsDuring(G.info, move), move.seat), hole: move.move }),
  summary,
  moveItems() {
    const line = G.info.line || '';
    return [...line].map((seat, k) => {
      const hole = M.moves[k] || '';
      return { text: `${formatNumber(k + 1)}. ${seat} ${hole}`.trim(), label: t('m.moves.item', { n: k + 1, seat: seatName(seat), hole }) };
    });
  },
  scores,
  presence,
  myName: (info) => (me() ? chosenName(entry(info, me())) : ''),
  render: renderGame,
  received(msg) {
    if (msg.type === 'move') {
      M.moves.length = msg.ply - 1;
      M.moves[msg.ply - 1] = msg.move;
    } else if (msg.type === 'undo') {
      M.moves.length = Math.min(M.moves.length, msg.game.ply);
    }
  },
  start() {
    fetchMoves();
    startHelp({ isOver, playerName });
    onKey(typedKey, 'input, textarea, select, button, a');
  },
  async home() {
    $('m-home').hidden = false;
    form = startNewGameForm(FORM, await loadMeta());
  },
  refreshHome() {
    if (!$('m-home').hidden) form?.fill();
  },
});
