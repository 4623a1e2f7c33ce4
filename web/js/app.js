// The app page: new games, the board, moves, undo, hints, records, live updates.

import { call, seats, liveUpdates, ApiError } from './api.js';
import { Board } from './board.js';
import { startHome as openHome, fillHome as refillHome } from './home.js';
import { t, setLanguage, preferred, languageSwitch, describeEvent, apply, formatNumber, language } from './i18n.js';

const $ = (id) => document.getElementById(id);
let meta = { levels: [], presets: [] };

function errorText(e) {
  if (e instanceof ApiError) {
    return e.status === 0 ? t('error.network') : t('error.server', { message: e.message });
  }
  return String(e);
}

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
  queue: [],
  busy: false,
  board: null,
  summary: null,
};

function mySideToMove() {
  const info = G.info;
  if (!info || !G.seat || G.viewingAt !== null || G.busy || G.queue.length) return null;
  const v = info.view;
  if (v.status !== 'playing') return null;
  if (info.computer === v.to_move) return null;
  if (G.seat.seat === 'both' || G.seat.seat === v.to_move) return v.to_move;
  return null;
}

function sideName(s) {
  return t(`side.${s}`);
}

function playerName(info, s) {
  if (info.kind === 'computer') {
    if (info.computer === s) return t('player.computer', { level: info.level });
    return G.seat ? t('player.you') : sideName(s);
  }
  if (info.kind === 'online' && G.seat && G.seat.seat === s) return t('player.youSide', { side: sideName(s) });
  return sideName(s);
}

function statusText() {
  const info = G.info;
  const v = info.view;
  if (v.status !== 'playing') {
    if (v.status === 'round_over') {
      return v.winner ? t('status.roundWinner', { winner: sideName(v.winner) }) : t('status.roundDrawn');
    }
    return v.winner ? t('status.matchWinner', { winner: sideName(v.winner) }) : t('status.matchDrawn');
  }
  const opponentOpen = info.seats.south === 'open' || info.seats.north === 'open';
  if (info.kind === 'online' && opponentOpen) return t('status.waitingFriend');
  if (info.computer === v.to_move) return t('status.thinking');
  const mine = mySideToMove();
  const round = t('status.round', { round: v.round });
  if (mine && G.seat.seat !== 'both') return `${round} · ${t('status.yourMove')}`;
  return `${round} · ${t('status.toMove', { side: playerName(info, v.to_move) })}`;
}

function renderPanels() {
  const info = G.info;
  const v = info.view;
  $('status').textContent = statusText();
  const root = $('game');
  root.dataset.status = v.status;
  root.dataset.ply = String(info.ply);
  root.dataset.toMove = v.to_move;
  const canPlay = mySideToMove();
  G.board.setPlayable(canPlay, canPlay ? v.legal_moves : []);
  const own = G.seat && G.info.kind !== 'online';
  $('undo').hidden = !own;
  $('hint').hidden = !own;
  $('undo').disabled = !own || v.moves.length === 0 || G.viewingAt !== null;
  $('hint').disabled = !canPlay;
  // invitation
  const open = info.kind === 'online' && (info.seats.south === 'open' || info.seats.north === 'open');
  $('invite-box').hidden = !(open && G.seat && G.seat.invite);
  if (G.seat && G.seat.invite) $('invite-link').value = new URL(G.seat.invite, location.origin).href;
  // move list
  renderMoves();
  // scoreboard
  const tb = $('scoreboard').querySelector('tbody');
  tb.textContent = '';
  const row = (cells, cls) => {
    const tr = document.createElement('tr');
    if (cls) tr.className = cls;
    for (const c of cells) {
      const td = document.createElement('td');
      td.textContent = c;
      tr.appendChild(td);
    }
    tb.appendChild(tr);
  };
  for (const r of v.rounds) {
    row([formatNumber(r.round), formatNumber(r.captured.south), formatNumber(r.captured.north), r.winner ? sideName(r.winner) : t('score.draw')]);
  }
  if (v.status === 'playing') {
    row([t('score.now', { round: v.round }), formatNumber(v.captured.south), formatNumber(v.captured.north), ''], 'current');
  }
  const wins = { south: 0, north: 0 };
  for (const r of v.rounds) if (r.winner) wins[r.winner]++;
  if (v.rounds.length) row([t('score.roundsWon'), formatNumber(wins.south), formatNumber(wins.north), ''], 'total');
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
  try {
    const r = await call('GET', `/api/games/${G.id}?at=${ply}`);
    G.viewingAt = ply === G.info.view.moves.length ? null : ply;
    G.board.setView(r.view);
    $('replay-box').hidden = G.viewingAt === null;
    $('replay-text').textContent = t('game.viewingAt', { n: ply });
    renderPanels();
  } catch (e) {
    $('game-error').textContent = errorText(e);
  }
}

function backLive() {
  G.viewingAt = null;
  $('replay-box').hidden = true;
  G.board.setView(G.info.view);
  renderPanels();
}

function announce(text) {
  if (text) $('announcer').textContent = text;
}

function showSummary(events) {
  const end = events.find((e) => e.event === 'round_end');
  if (!end) return;
  const parts = [describeEvent(end)];
  for (const e of events) if (e.event === 'refill' || e.event === 'game_over') parts.push(describeEvent(e));
  const box = $('round-summary');
  box.textContent = '';
  const h = document.createElement('h2');
  h.textContent = t('summary.heading');
  box.appendChild(h);
  for (const p of parts) {
    const para = document.createElement('p');
    para.textContent = p;
    box.appendChild(para);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = t('summary.close');
  close.addEventListener('click', () => (box.hidden = true));
  box.appendChild(close);
  box.hidden = false;
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
        $('hint-text').textContent = '';
        G.board.marks.clear();
        G.board.setPlayable(null, []);
        announce(t('ev.played', { side: sideName(msg.side), hole: msg.move }));
        await G.board.animate(msg.events, (ev) => {
          if (ev.event !== 'drop') announce(describeEvent(ev));
        });
        if (msg.events.some((e) => e.event === 'round_end')) showSummary(msg.events);
      }
      G.info = msg.game;
    } else if (msg.game) {
      if (msg.type === 'state' && G.info && msg.game.ply < G.info.ply && !msg.game.view) continue;
      G.info = msg.game;
    }
    if (G.viewingAt === null) G.board.setView(G.info.view);
    G.board.setNames({ south: playerName(G.info, 'south'), north: playerName(G.info, 'north') });
  }
  G.busy = false;
  if (G.info) renderPanels();
}

function receive(msg) {
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

async function startGame(id) {
  G.id = id;
  $('game').hidden = false;
  G.board = new Board($('board'), { t, onPlay: play });
  const params = new URLSearchParams(location.search);
  const invite = params.get('invite');
  G.seat = seats.get(id);
  if (invite && !G.seat) {
    try {
      const r = await call('POST', `/api/games/${id}/join`, { invite });
      seats.set(id, { token: r.token, seat: r.seat, kind: 'online', created: r.game.created });
      G.seat = seats.get(id);
    } catch (e) {
      $('game-error').textContent = errorText(e);
    }
  }
  if (invite) history.replaceState(null, '', `/g/${id}`);
  let info;
  try {
    info = await call('GET', `/api/games/${id}`);
  } catch (e) {
    $('status').textContent = errorText(e);
    return;
  }
  if (G.seat && G.seat.seat === 'north') G.board.setBottom('north');
  receive({ type: 'state', game: info });
  $('export-text').href = `/api/games/${id}/record?format=text`;
  $('export-json').href = `/api/games/${id}/record?format=json`;
  $('watch-link').href = `/g/${id}`;
  const savedSpeed = Number(localStorage.getItem('rajapasu.speed')) || 3;
  $('speed').value = String(savedSpeed);
  G.board.speed = savedSpeed;
  $('speed').addEventListener('input', (e) => {
    G.board.speed = Number(e.target.value);
    localStorage.setItem('rajapasu.speed', e.target.value);
  });
  $('skip').addEventListener('click', () => G.board.skip());
  $('back-live').addEventListener('click', backLive);
  $('copy-invite').addEventListener('click', async () => {
    $('invite-link').select();
    try {
      await navigator.clipboard.writeText($('invite-link').value);
    } catch {
      document.execCommand?.('copy');
    }
  });
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
    $('hint-text').textContent = t('hint.thinking');
    try {
      const r = await call('POST', `/api/games/${id}/hint`, { token: G.seat.token, ply: G.info.ply });
      const score = formatNumber(r.score, { signDisplay: 'exceptZero' });
      $('hint-text').textContent = t('hint.result', { hole: r.move, score });
      G.board.marks.clear();
      G.board.mark(`${G.info.view.to_move === 'south' ? 'S' : 'N'}${r.move}`, 'hint');
      G.board.render();
    } catch (e) {
      $('hint-text').textContent = errorText(e);
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
  liveUpdates(id, receive, (up) => {
    $('conn').textContent = up ? '' : t('game.offline');
  });
}

// ---------------------------------------------------------------- start

function refresh() {
  apply(document);
  if (!$('home').hidden) fillHome();
  if (G.info) {
    G.board.setNames({ south: playerName(G.info, 'south'), north: playerName(G.info, 'north') });
    G.board.render();
    renderPanels();
  }
}

async function main() {
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
