// The lobby, `/lobby`: open challenges (seeks) listed live, accepted with one click; quick
// pairing for the common clocks; a challenge of one's own, which stays while the page is open.
// When a game starts (ours accepted, or one we accepted) the page goes to it. A Mandiri
// challenge waits for three: the first to accept joins it (and may leave), the next starts the
// game for all three. docs/API.md, "The lobby".

import { call, errorText, seats, mandiriSeats, liveUpdates, markSignedIn } from './api.js';
import { t, setLanguage, preferred, languageSwitch, element, formatNumber } from './i18n.js';
import { ratingText, ratingNumber, poolSpeed, clockSpeeds } from './ratings.js';

const $ = (id) => document.getElementById(id);
const L = { socket: null, seeks: [], mine: new Set(), joined: new Set(), account: null, speeds: {} };

/** Goes to a game that started, keeping the seat in this browser: a Mandiri game's players
 *  (`players`), a two-player game's side (`seat`). */
function enter(answer) {
  const created = Math.floor(Date.now() / 1000);
  if (answer.players) {
    mandiriSeats.set(answer.id, { token: answer.token, players: answer.players, kind: 'online', created });
    location.href = `/m/${answer.id}`;
  } else {
    seats.set(answer.id, { token: answer.token, seat: answer.seat, kind: 'online', created });
    location.href = `/g/${answer.id}`;
  }
}

function fail(err) {
  $('lobby-error').textContent = errorText(err);
}

/** Accepts a seek: the game starts, or (the first to accept a Mandiri seek) this page joins
 *  it from its socket and waits for the third player. */
async function accept(id) {
  $('lobby-error').textContent = '';
  const seek = L.seeks.find((s) => s.id === id);
  try {
    const answer = seek && seek.game === 'mandiri'
      ? await call('POST', `/api/lobby/seeks/${id}/accept`, { socket: L.socket })
      : await call('POST', `/api/lobby/seeks/${id}/accept`);
    if (answer.joined) {
      L.joined.add(id);
      render();
    } else {
      enter(answer);
    }
  } catch (err) {
    fail(err);
  }
}

/** Cancels our seek, or leaves a Mandiri seek we joined. */
async function cancel(id) {
  try {
    await call('POST', `/api/lobby/seeks/${id}/cancel`, { socket: L.socket });
    L.mine.delete(id);
    L.joined.delete(id);
    render();
  } catch (err) {
    fail(err);
  }
}

async function post(body) {
  $('lobby-error').textContent = '';
  if (!L.socket) return;
  try {
    const r = await call('POST', '/api/lobby/seeks', { socket: L.socket, ...body });
    L.mine.add(r.id);
    render();
  } catch (err) {
    fail(err);
  }
}

function who(s) {
  const name = !s.name ? t('lobby.guest') : s.rating ? `${s.name} (${ratingText(s.rating)})` : s.name;
  if (s.opponent) return t('lobby.challenge', { name, opponent: s.opponent });
  const joined = s.joined || [];
  if (s.players <= 2) return name;
  const names = [name, ...joined.map((j) => j.name || t('lobby.guest'))].join(', ');
  return `${names} · ${t('lobby.players', { joined: 1 + joined.length, players: s.players })}`;
}

function lengthText(s) {
  const length = t(s.mode === 'match' ? 'home.modeMatch' : 'home.modeRound');
  return s.game === 'mandiri' ? t('lobby.mandiri', { length }) : length;
}

/** A direct challenge shows to its two players only; the others' are everyone's. */
function shown(s) {
  return !s.opponent || L.mine.has(s.id) || (L.account && L.account.name === s.opponent);
}

function clockText(clock) {
  return clock.endsWith('d') ? t(`clock.day${clock.slice(0, -1)}`) : clock;
}

/** A seek's clock with the speed it is rated at: "3+2 · blitz". */
function seekClockText(s) {
  return `${clockText(s.clock)} · ${t(`rating.speed.${poolSpeed(s.pool)}`)}`;
}

/** The clocks the page offers, each with the speed the server rates it at: the quick-pairing
 *  buttons (under the clock, `data-speed`) and the challenge's clock options ("3+2 · blitz"). */
function labelClocks() {
  for (const b of $('quick').querySelectorAll('button')) {
    const speed = L.speeds[b.dataset.clock];
    if (speed) b.dataset.speed = t(`rating.speed.${speed}`);
  }
  for (const o of document.querySelectorAll('#seek-form select[name="clock"] option')) {
    const speed = L.speeds[o.value];
    o.textContent = speed ? `${clockText(o.value)} · ${t(`rating.speed.${speed}`)}` : clockText(o.value);
  }
}

function kindText(s) {
  const kind = t(s.rated ? 'rating.rated' : 'rating.casual');
  if (s.min_rating === null && s.max_rating === null) return kind;
  return `${kind} · ${ratingNumber(s.min_rating ?? 0)}–${ratingNumber(s.max_rating ?? 4000)}`;
}

function render() {
  const seeks = L.seeks.filter(shown);
  $('no-seeks').hidden = seeks.length > 0;
  $('seeks').replaceChildren(...seeks.map((s) => {
    const mine = L.mine.has(s.id);
    const joined = L.joined.has(s.id);
    // The first to accept a Mandiri seek joins it; the next plays.
    const joins = s.game === 'mandiri' && (s.joined || []).length === 0;
    const act = mine || joined
      ? element('button', { type: 'button', textContent: t(mine ? 'lobby.cancel' : 'lobby.leave'), onclick: () => cancel(s.id) })
      : element('button', { type: 'button', className: 'primary', textContent: t(joins ? 'lobby.join' : 'lobby.accept'), onclick: () => accept(s.id) });
    return element('tr', { 'data-seek': s.id, 'data-mine': String(mine), 'data-joined': String(joined), 'data-game': s.game },
      element('td', { textContent: who(s) }),
      element('td', { textContent: seekClockText(s) }),
      element('td', { textContent: lengthText(s) }),
      element('td', { textContent: kindText(s) }),
      element('td', {}, act));
  }));
  const waiting = L.seeks.filter((s) => L.mine.has(s.id)).length;
  const joined = L.seeks.filter((s) => L.joined.has(s.id)).length;
  $('lobby-status').textContent = !L.socket ? t('lobby.connecting') : waiting ? t('lobby.waiting') : joined ? t('lobby.waitingThird') : '';
  $('quick-rated-field').hidden = !L.account;
  $('seek-rated-field').hidden = !L.account;
  $('guest-help').hidden = Boolean(L.account);
}

function receive(msg) {
  if (msg.type === 'hello') {
    L.socket = msg.socket;
    // A new socket: the seeks and joins of the old one went with it.
    L.mine.clear();
    L.joined.clear();
  } else if (msg.type === 'seeks') {
    L.seeks = msg.seeks;
    for (const set of [L.mine, L.joined]) {
      for (const id of [...set]) if (!L.seeks.some((s) => s.id === id)) set.delete(id);
    }
  } else if (msg.type === 'started') {
    enter(msg);
    return;
  }
  render();
}

/** Quick pairing: the first seek of another player for this clock (a single round, rated as
 *  chosen), else a seek of our own. */
function quick(clock) {
  const rated = Boolean(L.account) && $('quick-rated').checked;
  const match = L.seeks.find((s) => s.game !== 'mandiri' && !s.opponent && !L.mine.has(s.id) && s.clock === clock && s.mode === 'round' && s.rated === rated && (!L.account || s.name !== L.account.name));
  if (match) return accept(match.id);
  if (L.seeks.some((s) => L.mine.has(s.id) && s.game !== 'mandiri' && s.clock === clock && s.rated === rated)) return;
  return post({ clock, mode: 'round', rated });
}

// ---- Public tournaments taking entries (docs/TOURNAMENTS.md): listed below the seeks,
// each linked to its page, where a player joins. Private events are reached by their link only
// (the list of public events never holds them).

/** The card that lists them, made once, after the seeks' card. */
function eventsCard() {
  let card = $('lobby-events');
  if (!card) {
    card = element('section', { className: 'card', id: 'lobby-events', hidden: true },
      element('h2', { id: 'lobby-events-heading' }),
      element('ul', { className: 'tour-mine', id: 'lobby-events-list' }));
    $('seek-form').before(card);
  }
  return card;
}

function renderEvents() {
  const card = eventsCard();
  const open = (L.events || []).filter((ev) => ev.state === 'entry');
  card.hidden = open.length === 0;
  $('lobby-events-heading').textContent = t('lobby.events');
  $('lobby-events-list').replaceChildren(...open.map((ev) => {
    const parts = [t(`tour.fmt.${ev.format}`)];
    if (ev.game === 'mandiri') parts.push(t('rating.variant.mandiri'));
    parts.push(ev.clock.endsWith('d') ? t(`clock.day${ev.clock.slice(0, -1)}`) : ev.clock, t('lobby.eventPlayers', { n: formatNumber(ev.players) }));
    return element('li', {}, element('a', { href: `/t/${ev.id}`, textContent: `${ev.name} · ${parts.join(' · ')}` }));
  }));
}

async function loadEvents() {
  try {
    L.events = (await call('GET', '/api/tournaments')).tournaments;
  } catch {
    L.events = [];
  }
  renderEvents();
}

async function start() {
  await setLanguage(preferred());
  languageSwitch($('lang'), () => {
    render();
    renderEvents();
    labelClocks();
  });
  const offered = [...$('quick').querySelectorAll('button')].map((b) => b.dataset.clock)
    .concat([...document.querySelectorAll('#seek-form select[name="clock"] option')].map((o) => o.value));
  clockSpeeds([...new Set(offered)]).then((speeds) => {
    L.speeds = speeds;
    labelClocks();
  });
  loadEvents();
  setInterval(loadEvents, 30000);
  try {
    L.account = (await call('GET', '/api/account')).account;
    markSignedIn(Boolean(L.account));
  } catch {
    L.account = null;
  }
  // `/lobby?opponent=NAME` (a player's page's Challenge link) fills the challenge's name.
  const named = new URLSearchParams(location.search).get('opponent');
  if (named) $('seek-opponent').value = named;
  for (const b of $('quick').querySelectorAll('button')) b.addEventListener('click', () => quick(b.dataset.clock));
  $('seek-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const fd = new FormData(e.target);
    const number = (k) => (fd.get(k) ? Number(fd.get(k)) : undefined);
    const opponent = (fd.get('opponent') || '').trim() || undefined;
    post({ game: fd.get('game'), clock: fd.get('clock'), mode: fd.get('mode'), rated: Boolean(L.account && fd.get('rated')), min_rating: number('min_rating'), max_rating: number('max_rating'), opponent });
  });
  render();
  liveUpdates(null, receive, (open) => {
    if (!open) L.socket = null;
    render();
  }, null, '/api/lobby/ws');
}

start();
