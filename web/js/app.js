// The Raja Pasu page, `/` and `/g/{id}`: the home page's new-game form (home.js), and a game
// between South and North as live_game.js plays it, with what is this game's own: its board and
// sides, its sentences, its hint, its rematch, its keys 1-7 and its API paths.

import { call, errorText } from './api.js';
import { Board, holeName, holeNames, parseHole } from './board.js';
import { loadMeta, startHome, fillHome, ROUTES } from './new_game.js';
import { t, describeEvent, roundSentence, formatNumber } from './i18n.js';
import { copyButton } from './gamepage.js';
import { G, canMove, viewing, play, refuseKey, receive, render, request, showError, startPage, own, onKey, leaveFor, openNewGame } from './live_game.js';

const $ = (id) => document.getElementById(id);
let meta = {};

const H = {
  hint: null, // {ply, answer}: shown only while the game stands at that ply
  asked: null, // the ply a hint was asked for
};

// ---------------------------------------------------------------- who is who

/** The player's own side, when this page holds one seat (not a local game, not a watcher). */
function mySide() {
  return G.seat && (G.seat.seat === 'south' || G.seat.seat === 'north') ? G.seat.seat : null;
}

function isOver(info) {
  return info.view.status !== 'playing' || Boolean(info.resigned) || Boolean(info.offers?.drawn);
}

/** The side to move, when this page holds it and it is not the computer's. */
function mayMove(info) {
  const v = info.view;
  if (info.computer === v.to_move) return false;
  return G.seat.seat === 'both' || G.seat.seat === v.to_move;
}

/** The side this page may play now; with `settledOnly` false, also while a message is still
 *  being shown (the status line speaks of the position the board is heading to). */
function mySideToMove(settledOnly = true) {
  const info = G.info;
  if (settledOnly) return canMove() ? info.view.to_move : null;
  if (!info || !G.seat || viewing() || isOver(info)) return null;
  return mayMove(info) ? info.view.to_move : null;
}

/** A player as a label: a chosen name, the computer, "you", else the side. */
function playerName(info, s) {
  if (info.kind === 'computer') {
    if (info.computer === s) return t('player.computer', { level: info.level });
    return G.seat ? t('player.you') : t(`side.${s}`);
  }
  const chosen = info.players && info.players[s];
  if (info.kind === 'online' && mySide() === s) return t('player.youSide', { side: t(`side.${s}`) });
  if (chosen) return t('player.named', { name: chosen, side: t(`side.${s}`) });
  return t(`side.${s}`);
}

/** The other player, as the subject of a sentence ("The computer", "Ann", "North"), or inside
 *  one ("the computer"). */
function opponentName(info, s, inSentence = false) {
  if (info.kind === 'computer' && info.computer === s) return t(inSentence ? 'player.computerInSentence' : 'player.theComputer');
  return (info.players && info.players[s]) || t(`side.${s}`);
}

/** Who the page's sentences speak of: the player as "you" when the page holds one seat, the
 *  others by name (the computer, a chosen name, else the side). */
function who(info) {
  return { me: mySide(), name: (s, inSentence) => opponentName(info, s, inSentence) };
}

// ---------------------------------------------------------------- texts

/** A round's result, from the player's side when the page holds one seat. */
function roundResult(info, r) {
  return roundSentence(r, who(info));
}

/** The result of a finished game, from the player's side. */
function gameResult(info) {
  const v = info.view;
  const me = mySide();
  if (info.offers?.drawn) return t('result.drawnAgreed');
  if (info.resigned) {
    const winner = info.resigned === 'south' ? 'north' : 'south';
    // A time-out ends the game as a resignation does; the clock says which it was.
    if (info.clock && info.clock.timed_out !== null) {
      if (me === info.resigned) return t('result.youTimedOut');
      return t('result.timedOut', { loser: opponentName(info, info.resigned), winner: opponentName(info, winner) });
    }
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
  if (viewing() && G.viewingView) {
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

/** The summary of a round that ended: its result, and the refill or the end of the match. */
function summary(info, events) {
  const end = events.find((e) => e.event === 'round_end');
  const r = info.view.rounds[info.view.rounds.length - 1];
  const parts = [r ? roundResult(info, r) : end ? describeEvent(end, who(info)) : ''];
  for (const e of events) if (e.event === 'refill' || e.event === 'game_over') parts.push(describeEvent(e, who(info)));
  return parts.filter(Boolean);
}

/** A hint in words: the best hole and what it leads to, exact when proven; in a solved match,
 *  also what the round must bring the player (the side to move) to stay in and to win. */
function hintText(r, side) {
  const move = moveHintText(r);
  const stakes = r.match && side && r.match.stakes[side];
  if (!stakes || stakes.stay_in === null || stakes.win === null) return move;
  // The same number for both: no round start in between, so this round decides the match.
  if (stakes.stay_in === stakes.win) return `${move} ${t('hint.matchDecides', { n: formatNumber(stakes.win) })}`;
  return `${move} ${t('hint.matchStakes', { stay: formatNumber(stakes.stay_in), win: formatNumber(stakes.win) })}`;
}

function moveHintText(r) {
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

// ---------------------------------------------------------------- panels

/** Who is there, in an online game: the other player for a player, both for a watcher. */
function presence(info) {
  const me = mySide();
  const others = ['south', 'north'].filter((s) => s !== me);
  const label = (s) => t(G.connected[s] ? 'online.connected' : 'online.notConnected', { player: opponentName(info, s) });
  return {
    others: others.map((s) => (info.seats[s] === 'open' ? t('online.notJoined') : label(s))),
    connected: me ? String(G.connected[me === 'south' ? 'north' : 'south']) : '',
  };
}

function renderHint() {
  const el = $('hint-text');
  const info = G.info;
  // A hint belongs to one position: shown only while the game still stands there.
  const fresh = H.hint && H.hint.ply === info.ply && !viewing() && !G.busy;
  if (fresh) {
    el.textContent = hintText(H.hint.answer, info.view.to_move);
    el.dataset.ply = String(H.hint.ply);
  } else if (H.asked !== null && H.asked === info.ply && !G.busy) {
    el.textContent = t('hint.thinking');
    delete el.dataset.ply;
  } else {
    el.textContent = '';
    delete el.dataset.ply;
  }
  $('hint').hidden = !own();
  $('hint').disabled = !canMove();
  for (const [k, v] of G.board.marks) if (v === 'hint') G.board.marks.delete(k);
  if (fresh) G.board.mark(holeName(info.view.to_move, H.hint.answer.move), 'hint');
}

/** The end box's buttons: play again, a rematch with the sides swapped. */
function renderEnd() {
  const info = G.info;
  if ($('end-box').hidden) return;
  const player = Boolean(G.seat);
  const online = info.kind === 'online';
  const offer = info.rematch?.offered_by;
  const rematch = $('rematch');
  $('play-again').hidden = !player || online;
  rematch.hidden = !player || info.kind === 'local';
  rematch.disabled = false;
  if (!online) rematch.textContent = t('end.rematch');
  else if (offer && offer === mySide()) {
    rematch.textContent = t('end.offered');
    rematch.disabled = true;
  } else if (offer) rematch.textContent = t('end.accept', { player: opponentName(info, offer) });
  else rematch.textContent = t('end.offer');
}

/** The scoreboard: each round, the one being played, and the rounds won. */
function scores(info) {
  const v = info.view;
  const rows = v.rounds.map((r) => {
    const winner = !r.winner ? t('score.draw') : mySide() === r.winner ? t('player.you') : opponentName(info, r.winner);
    return [[formatNumber(r.round), formatNumber(r.captured.south), formatNumber(r.captured.north), winner]];
  });
  if (v.status === 'playing') {
    rows.push([[t('score.now', { round: v.round }), formatNumber(v.captured.south), formatNumber(v.captured.north), ''], 'current']);
  }
  const wins = { south: 0, north: 0 };
  for (const r of v.rounds) if (r.winner) wins[r.winner]++;
  if (v.rounds.length) rows.push([[t('score.roundsWon'), formatNumber(wins.south), formatNumber(wins.north), ''], 'total']);
  return rows;
}

function renderGame() {
  const info = G.info;
  // The invitation, while the friend's seat is open.
  const open = info.kind === 'online' && (info.seats.south === 'open' || info.seats.north === 'open');
  $('invite-box').hidden = !(open && G.seat && G.seat.invite);
  if (G.seat && G.seat.invite) $('invite-link').value = new URL(G.seat.invite, location.origin).href;
  renderHint();
  renderEnd();
}

// ---------------------------------------------------------------- hint and rematch

async function askHint() {
  const ply = G.info.ply;
  H.asked = ply;
  H.hint = null;
  render();
  try {
    const r = await request('hint', { ply });
    // A late answer, for a position that has passed, is dropped.
    if (H.asked !== ply || G.info.ply !== ply) return;
    H.hint = { ply, answer: r };
    render();
  } catch (e) {
    if (H.asked === ply) H.asked = null;
    $('hint-text').textContent = errorText(e);
  }
}

/** An online rematch was agreed: a player collects their seat and goes there; a watcher is
 *  taken to watch it. */
async function followRematch(id) {
  if (!G.seat) {
    leaveFor(`/g/${id}`);
    return;
  }
  if (G.leaving) return;
  try {
    const r = await request('rematch');
    if (r.token) openNewGame(r, 'online');
  } catch (e) {
    showError(e);
  }
}

async function rematch(swap) {
  showError(null);
  try {
    const r = await request('rematch', { swap });
    if (r.token) openNewGame(r, G.info.kind);
    else receive({ type: 'state', game: r.game });
  } catch (e) {
    showError(e);
  }
}

// ---------------------------------------------------------------- the game's adapter

startPage({
  ...ROUTES,
  newBoard: (svg, opts) => new Board(svg, opts),
  analysable: true,
  names: () => ({ south: playerName(G.info, 'south'), north: playerName(G.info, 'north') }),
  clockNames: (info) => [playerName(info, 'south'), playerName(info, 'north')],
  legal: (info) => holeNames(info.view.to_move, info.view.legal_moves),
  moveOf: (hole) => parseHole(hole).number,
  mine: () => (G.seat?.seat === 'both' ? ['south', 'north'] : mySide() ? [mySide()] : []),
  mayMove,
  isOver,
  // Two players may take back a move of a finished round, not a resignation.
  undoable: (info) => !info.resigned,
  connected: (info) => info.connected || { south: false, north: false },
  async positionAt(ply) {
    const r = await call('GET', `/api/games/${G.id}?at=${ply}`);
    return { view: r.view, move: null };
  },
  /** The last move of `info`, replayed by the server from the position before it. */
  async lastMove(info) {
    const before = await call('GET', `/api/games/${G.id}?at=${info.ply - 1}`);
    const move = info.view.moves[info.ply - 1];
    const trace = await call('POST', '/api/trace', { rules: before.view.rules, position: before.view.position, move });
    const side = info.line[info.ply - 1] === 'N' ? 'north' : 'south';
    return { ply: info.ply, side, move, events: trace.events, before: before.view };
  },
  statusText,
  statusWord: (info) => (info.resigned ? 'resigned' : info.view.status),
  result: gameResult,
  replayText: (ply) => t('game.viewingAt', { n: ply }),
  announceMove: (msg) =>
    mySide() === msg.side ? t('ev.playedYou', { hole: msg.move }) : t('ev.played', { side: opponentName(msg.game, msg.side), hole: msg.move }),
  describe: (ev, move, info) => describeEvent(ev, who(info)),
  explainTitle: (move) =>
    mySide() === move.side
      ? t('explain.titleYou', { n: move.ply, hole: move.move })
      : t('explain.title', { n: move.ply, side: opponentName(G.info, move.side, true), hole: move.move }),
  summary,
  moveItems() {
    const line = G.info.line || '';
    return G.info.view.moves.map((hole, k) => {
      const side = line[k] === 'N' ? 'north' : 'south';
      return { text: `${k + 1}. ${line[k] || ''}${hole}`, label: t('moves.item', { n: k + 1, side: t(`side.${side}`), hole }) };
    });
  },
  scores,
  presence,
  myName: (info) => (mySide() && info.players?.[mySide()]) || '',
  render: renderGame,
  opened() {
    if (G.seat && G.seat.seat === 'north') G.board.setBottom('north');
  },
  received(msg) {
    // A hint belongs to the position it was asked for.
    if (msg.type === 'move' || msg.type === 'undo') {
      H.hint = null;
      H.asked = null;
    }
    if (msg.type === 'rematch') followRematch(msg.id);
  },
  start() {
    copyButton($('invite-link'), $('copy-invite'));
    $('hint').addEventListener('click', askHint);
    $('play-again').addEventListener('click', () => rematch(false));
    $('rematch').addEventListener('click', () => rematch(true));
    onKey((e) => {
      const n = Number(e.key);
      if (n >= 1 && n <= 9 && G.info && n <= G.info.view.holes.south.length) {
        e.preventDefault();
        const side = mySideToMove();
        if (side && G.info.view.legal_moves.includes(n)) play(holeName(side, n));
        else refuseKey(side ? holeName(side, n) : String(n));
      }
    });
  },
  async home() {
    meta = await loadMeta();
    await startHome(meta);
  },
  refreshHome() {
    if (!$('home').hidden) fillHome(meta);
  },
});
