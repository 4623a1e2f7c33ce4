// Tournaments: `/tournaments` lists the public events and makes new ones; `/t/ID` shows one
// event live (its socket sends every change): standings, crosstable, each round's pairings,
// the player's own game with its link, the countdown to the window's close, and the exports.
// docs/API.md, "Tournaments"; docs/TOURNAMENTS.md, "Events on the server".

import { call, errorText, seats, mandiriSeats, liveUpdates, markSignedIn } from './api.js';
import { t, setLanguage, preferred, languageSwitch, element, formatNumber } from './i18n.js';

const $ = (id) => document.getElementById(id);
const S = { account: null, id: null, event: null, offset: 0, mine: null, asking: false };

function fail(err) {
  $('tour-error').textContent = err ? errorText(err) : '';
}

function clockText(clock) {
  return clock.endsWith('d') ? t(`clock.day${clock.slice(0, -1)}`) : clock;
}

const formatText = (f) => t(`tour.fmt.${f}`);
// The game and length of an event's games, as the lobby names a seek's.
const gameText = (ev) => [
  ...(ev.game === 'mandiri' ? [t('lobby.gameMandiri')] : []),
  t(ev.mode === 'match' ? 'home.modeMatch' : 'home.modeRound'),
].join(' · ');
const stateText = (s) => t(`tour.st.${s}`);
/** An event's state, a cancelled one saying why. */
const eventState = (ev) => (ev.cancelled ? t('tour.st.cancelled', { n: formatNumber(ev.fewest_players || 2) }) : stateText(ev.state));

/** A score as a crosstable writes it: ½ for halves. */
function points(x) {
  const whole = Math.floor(x);
  const half = x - whole >= 0.5 ? '½' : '';
  return whole === 0 && half ? half : `${formatNumber(whole)}${half}`;
}

/** A span of seconds as days, hours and minutes (seconds under one minute). */
function span(secs) {
  secs = Math.max(0, Math.round(secs));
  const d = Math.floor(secs / 86400);
  const h = Math.floor((secs % 86400) / 3600);
  const m = Math.floor((secs % 3600) / 60);
  if (d) return t('tour.spanDays', { d: formatNumber(d), h: formatNumber(h) });
  if (h) return t('tour.spanHours', { h: formatNumber(h), m: formatNumber(m) });
  if (m) return t('tour.spanMinutes', { m: formatNumber(m) });
  return t('tour.spanSeconds', { s: formatNumber(secs % 60) });
}

// ---- The list ----

async function showList() {
  $('list-view').hidden = false;
  $('create-guest').hidden = Boolean(S.account);
  $('create-submit').disabled = !S.account;
  const format = () => {
    // A Mandiri event seats its tables round by round: no arena.
    const mandiri = $('create-game').value === 'mandiri';
    $('format-arena').disabled = mandiri;
    if (mandiri && $('create-format').value === 'arena') $('create-format').value = 'round-robin';
    const f = $('create-format').value;
    $('rounds-field').hidden = f !== 'swiss';
    $('minutes-field').hidden = f !== 'arena';
    $('window-field').hidden = f === 'arena';
  };
  $('create-format').addEventListener('change', format);
  $('create-game').addEventListener('change', format);
  format();
  $('create-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    fail(null);
    const fd = new FormData(e.target);
    const f = fd.get('format');
    const body = {
      name: fd.get('name'), format: f, game: fd.get('game'), mode: fd.get('mode'),
      clock: fd.get('clock'), rated: Boolean(fd.get('rated')), public: !fd.get('private'),
    };
    // The entry window: the event starts by itself when it closes (or is cancelled).
    if (fd.get('entry_minutes')) body.starts_at = Math.floor(Date.now() / 1000) + 60 * Number(fd.get('entry_minutes'));
    if (f === 'swiss') body.rounds = Number(fd.get('rounds'));
    if (f === 'arena') body.minutes = Number(fd.get('minutes'));
    else body.window_minutes = Number(fd.get('window_minutes'));
    try {
      const r = await call('POST', '/api/tournaments', body);
      location.href = r.url;
    } catch (err) {
      fail(err);
    }
  });
  if (S.account) {
    try {
      const mine = await call('GET', '/api/tournaments/mine');
      const offset = mine.now - Date.now() / 1000;
      $('mine-card').hidden = mine.events.length === 0;
      $('mine').replaceChildren(...mine.events.map((ev) => {
        const line = !ev.opponent
          ? t('tour.scheduleNone', { event: ev.name })
          : ev.deadline
            ? t('tour.scheduleLine', { event: ev.name, opponent: ev.opponent, span: span(ev.deadline - Date.now() / 1000 - offset) })
            : t('tour.scheduleOpen', { event: ev.name, opponent: ev.opponent });
        return element('li', {}, element('a', { href: `/t/${ev.id}`, textContent: line }));
      }));
    } catch (err) {
      fail(err);
    }
  }
  try {
    const list = (await call('GET', '/api/tournaments')).tournaments;
    $('no-tours').hidden = list.length > 0;
    $('tour-list').replaceChildren(...list.map((ev) => element('tr', { 'data-id': ev.id },
      element('td', {}, element('a', { href: `/t/${ev.id}`, textContent: ev.name })),
      element('td', { textContent: `${formatText(ev.format)} · ${gameText(ev)}` }),
      element('td', { textContent: clockText(ev.clock) }),
      element('td', { textContent: formatNumber(ev.players) }),
      element('td', { textContent: eventState(ev) }))));
  } catch (err) {
    fail(err);
  }
}

// ---- One event ----

function summary(ev) {
  const parts = [formatText(ev.format), gameText(ev)];
  if (ev.rounds_total) parts.push(t('tour.roundsCount', { n: formatNumber(ev.rounds_total) }));
  if (ev.minutes) parts.push(t('tour.minutesCount', { n: formatNumber(ev.minutes) }));
  parts.push(clockText(ev.clock), t(ev.rated ? 'rating.rated' : 'rating.casual'));
  if (ev.format !== 'arena') parts.push(t('tour.windowIs', { span: span(ev.window) }));
  parts.push(t('tour.by', { name: ev.creator }));
  return parts.join(' · ');
}

function renderStandings(ev) {
  const head = element('tr', {},
    element('th', { textContent: '#' }),
    element('th', { className: 'name', textContent: t('tour.player') }),
    element('th', { textContent: t('tour.score') }),
    element('th', { className: 'opt', textContent: t('tour.games') }),
    ...ev.tie_breaks.map((k) => element('th', { textContent: t(`tour.tb.${k}`), title: t(`tour.tbLong.${k}`) })));
  const me = S.account && S.account.name;
  const rows = ev.standings.map((s) => element('tr', { className: s.name === me ? 'me' : '', 'data-name': s.name },
    element('td', { textContent: formatNumber(s.rank) }),
    element('td', { className: 'name', textContent: s.name + (s.withdrawn ? ` (${t('tour.withdrawn')})` : '') + (s.streak ? ' 🔥' : '') }),
    element('td', { className: 'score', textContent: ev.format === 'arena' ? formatNumber(s.score) : points(s.score) }),
    element('td', { className: 'opt', textContent: formatNumber(s.games) }),
    ...s.tie_breaks.map((v) => element('td', { textContent: formatNumber(Math.round(v * 100) / 100 + 0) }))));
  $('standings').replaceChildren(element('thead', {}, head), element('tbody', {}, ...rows));
}

function renderCrosstable(ev) {
  $('cross-card').hidden = !ev.crosstable;
  if (!ev.crosstable) return;
  // Tables of three do not bring every pair together: say what the empty cells mean.
  $('cross-mandiri').hidden = ev.game !== 'mandiri';
  const order = ev.crosstable_order;
  const head = element('tr', {}, element('th', { textContent: '#' }), element('th', { className: 'name', textContent: t('tour.player') }),
    ...order.map((_, k) => element('th', { textContent: formatNumber(k + 1) })));
  const rows = order.map((name, a) => element('tr', { 'data-name': name },
    element('td', { textContent: formatNumber(a + 1) }),
    element('td', { className: 'name', textContent: name }),
    ...order.map((_, b) => element('td', a === b ? { className: 'self' } : { textContent: ev.crosstable[a][b] }))));
  $('crosstable').replaceChildren(element('thead', {}, head), element('tbody', {}, ...rows));
}

/** A game's link from this event: its end box links back here (live_game.js). */
const fromEvent = (href) => `${href}?event=${encodeURIComponent(S.id)}`;

function boardItem(b) {
  // A Mandiri table: its three players, the Raja first, and each one's points at it.
  const players = b.third ? [b.first, b.second, b.third] : [b.first, b.second];
  const result = b.third && b.points
    ? b.points.map(points).join(' · ')
    : b.result || (b.game ? t('tour.playing') : '');
  const names = element('span', { className: 'tour-players', textContent: players.join(' – ') });
  // The first of a table's players holds the Raja's seat (C) and moves first: labelled, so
  // that the order is not the only sign of it.
  if (b.third) {
    names.prepend(element('span', { className: 'raja-badge', textContent: t('m.seat.C'), title: t('tour.rajaSeat', { name: b.first }) }), ' ');
  }
  // A finished game's result is its link (to look back at it); one in play is watched.
  const finished = Boolean(b.result || (b.third && b.points));
  const item = element('li', { className: finished ? 'finished' : '' }, names);
  if (b.watch && finished) {
    item.append(element('a', { href: fromEvent(b.watch), className: 'tour-result', 'aria-label': t('tour.seeGame', { result }) },
      element('strong', { textContent: result })));
  } else {
    item.append(element('strong', { textContent: result }));
    if (b.watch) item.append(element('a', { href: fromEvent(b.watch), textContent: t('tour.watch') }));
  }
  return item;
}

function renderRounds(ev) {
  const rounds = ev.format === 'arena'
    ? (ev.arena_games.length ? [{ title: t('tour.games'), boards: [...ev.arena_games].reverse(), byes: [] }] : [])
    : ev.rounds.map((r) => ({ title: t('tour.roundN', { n: formatNumber(r.number) }), boards: r.boards, byes: r.byes })).reverse();
  $('rounds-card').hidden = rounds.length === 0;
  $('rounds').replaceChildren(...rounds.map((r) => element('div', { className: 'tour-round' },
    element('h3', { textContent: r.title }),
    element('ul', {}, ...r.boards.map(boardItem),
      ...r.byes.map((name) => element('li', {}, element('span', { textContent: t('tour.bye', { name }) })))))));
}

/** What the signed-in player's bye in the current round means, or '' without one: the
 *  points it scores (the event's `bye_points`: a Swiss bye scores a win), or none where the
 *  player sits the round out. */
function byeText(ev) {
  const me = ev.me;
  if (!me || !me.entered || ev.state !== 'running' || ev.format === 'arena' || !ev.rounds.length) return '';
  const round = ev.rounds[ev.rounds.length - 1];
  if (!round.byes.includes(me.name)) return '';
  return ev.bye_points > 0 ? t('tour.youByePoints', { points: points(ev.bye_points) }) : t('tour.youBye');
}

function renderStatus(ev) {
  const me = ev.me;
  $('ev-status').textContent = ev.paused ? t('tour.st.paused') : eventState(ev);
  $('ev-pause').hidden = !(me && me.creator && ev.state === 'running' && !ev.paused);
  $('ev-resume').hidden = !(me && me.creator && ev.state === 'running' && ev.paused);
  $('ev-join').hidden = !(S.account && me && !me.entered && ev.state === 'entry');
  $('ev-start').hidden = !(me && me.creator && ev.state === 'entry');
  $('ev-withdraw').hidden = !(me && me.entered && !me.withdrawn && ev.state !== 'finished' && !(me.creator && ev.state === 'entry'));
  $('rule-card').hidden = ev.format === 'arena';
  $('rule-mandiri').hidden = ev.game !== 'mandiri';
  const board = me && me.board;
  const bye = byeText(ev);
  $('my-card').hidden = !board && !bye;
  $('my-play').hidden = true;
  $('my-link').hidden = true;
  $('my-text').textContent = bye;
  if (!board) return;
  const mine = ev.game === 'mandiri'
    ? (board.leads ? 'tour.youRaja' : 'tour.youAtTable')
    : (board.leads ? 'tour.youLead' : 'tour.youAnswer');
  $('my-text').textContent = t(mine, { name: board.opponent });
  const ready = S.mine && S.mine.id === board.game;
  $('my-play').hidden = Boolean(board.game) || board.present || ev.format === 'arena';
  $('my-link').hidden = !ready;
  if (ready) $('my-link').href = fromEvent(S.mine.watch);
  if (!board.game && board.present) $('my-text').textContent += ` ${t('tour.waitingFor', { name: board.opponent })}`;
  // The game is made: its seat is fetched once and kept in this browser, as the lobby's are.
  if (board.game && !ready && !S.asking) play();
}

function countdown() {
  const ev = S.event;
  if (!ev) return;
  const now = Date.now() / 1000 + S.offset;
  let text = '';
  if (ev.state === 'running' && ev.next_deadline && !ev.paused) {
    text = t(ev.format === 'arena' ? 'tour.endsIn' : 'tour.closesIn', { span: span(ev.next_deadline - now) });
  } else if (ev.state === 'entry' && ev.starts_at) {
    text = t('tour.startsIn', { span: span(ev.starts_at - now) });
  }
  $('ev-countdown').textContent = text;
}

function render() {
  const ev = S.event;
  if (!ev) return;
  $('ev-name').textContent = ev.name;
  document.title = ev.name;
  $('ev-summary').textContent = summary(ev);
  renderStatus(ev);
  renderStandings(ev);
  renderCrosstable(ev);
  renderRounds(ev);
  countdown();
}

async function load() {
  try {
    const ev = await call('GET', `/api/tournaments/${S.id}`);
    if (S.event && ev.version < S.event.version) return;
    S.event = ev;
    S.offset = ev.now - Date.now() / 1000;
    render();
  } catch (err) {
    fail(err);
  }
}

async function act(path, body = {}) {
  fail(null);
  try {
    await call('POST', `/api/tournaments/${S.id}/${path}`, body);
    await load();
  } catch (err) {
    fail(err);
  }
}

async function play() {
  fail(null);
  S.asking = true;
  try {
    const r = await call('POST', `/api/tournaments/${S.id}/play`, {});
    if (r.state === 'playing') {
      const created = Math.floor(Date.now() / 1000);
      // A Mandiri seat is kept as the lobby keeps one: the players its token moves.
      if (r.players) mandiriSeats.set(r.id, { token: r.token, players: r.players, kind: 'online', created });
      else seats.set(r.id, { token: r.token, seat: r.seat, kind: 'online', created });
      S.mine = r;
    }
    await load();
  } catch (err) {
    fail(err);
  } finally {
    S.asking = false;
  }
}

function showEvent() {
  $('event-view').hidden = false;
  const api = `/api/tournaments/${S.id}`;
  $('x-csv').href = `${api}/crosstable.csv`;
  $('x-records').href = `${api}/records`;
  $('x-json').href = `${api}/standings.json`;
  $('x-print').addEventListener('click', () => window.print());
  $('ev-join').addEventListener('click', () => act('join'));
  $('ev-start').addEventListener('click', () => act('start'));
  $('ev-pause').addEventListener('click', () => act('pause', { paused: true }));
  $('ev-resume').addEventListener('click', () => act('pause', { paused: false }));
  $('ev-withdraw').addEventListener('click', () => act('withdraw'));
  $('my-play').addEventListener('click', play);
  $('ev-copy').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      $('ev-copy').textContent = t('tour.copied');
    } catch {
      $('ev-copy').textContent = location.href;
    }
  });
  setInterval(countdown, 1000);
  // Every message says the event changed: it is read again with this player's own place.
  liveUpdates(null, () => load(), () => {}, null, `${api}/ws`);
  load();
}

async function start() {
  await setLanguage(preferred());
  languageSwitch($('lang'), render);
  try {
    S.account = (await call('GET', '/api/account')).account;
    markSignedIn(Boolean(S.account));
  } catch {
    S.account = null;
  }
  const m = location.pathname.match(/^\/t\/(\w+)$/);
  if (m) {
    S.id = m[1];
    showEvent();
  } else {
    showList();
  }
}

start();
