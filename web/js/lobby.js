// The lobby, `/lobby`: open challenges (seeks) listed live, accepted with one click; quick
// pairing for the common clocks; a challenge of one's own, which stays while the page is open.
// When a game starts (ours accepted, or one we accepted) the page goes to it. docs/API.md,
// "The lobby".

import { call, errorText, seats, liveUpdates, markSignedIn } from './api.js';
import { t, setLanguage, preferred, languageSwitch, element } from './i18n.js';
import { ratingText, ratingNumber } from './ratings.js';

const $ = (id) => document.getElementById(id);
const L = { socket: null, seeks: [], mine: new Set(), account: null };

/** Goes to a game that started, keeping the seat in this browser. */
function enter(answer) {
  seats.set(answer.id, { token: answer.token, seat: answer.seat, kind: 'online', created: Math.floor(Date.now() / 1000) });
  location.href = `/g/${answer.id}`;
}

function fail(err) {
  $('lobby-error').textContent = errorText(err);
}

async function accept(id) {
  $('lobby-error').textContent = '';
  try {
    enter(await call('POST', `/api/lobby/seeks/${id}/accept`));
  } catch (err) {
    fail(err);
  }
}

async function cancel(id) {
  try {
    await call('POST', `/api/lobby/seeks/${id}/cancel`, { socket: L.socket });
    L.mine.delete(id);
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
  return s.opponent ? t('lobby.challenge', { name, opponent: s.opponent }) : name;
}

/** A direct challenge shows to its two players only; the others' are everyone's. */
function shown(s) {
  return !s.opponent || L.mine.has(s.id) || (L.account && L.account.name === s.opponent);
}

function clockText(clock) {
  return clock.endsWith('d') ? t(`clock.day${clock.slice(0, -1)}`) : clock;
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
    const act = mine
      ? element('button', { type: 'button', textContent: t('lobby.cancel'), onclick: () => cancel(s.id) })
      : element('button', { type: 'button', className: 'primary', textContent: t('lobby.accept'), onclick: () => accept(s.id) });
    return element('tr', { 'data-seek': s.id, 'data-mine': String(mine) },
      element('td', { textContent: who(s) }),
      element('td', { textContent: clockText(s.clock) }),
      element('td', { textContent: t(s.mode === 'match' ? 'home.modeMatch' : 'home.modeRound') }),
      element('td', { textContent: kindText(s) }),
      element('td', {}, act));
  }));
  const waiting = L.seeks.filter((s) => L.mine.has(s.id)).length;
  $('lobby-status').textContent = !L.socket ? t('lobby.connecting') : waiting ? t('lobby.waiting') : '';
  $('quick-rated-field').hidden = !L.account;
  $('seek-rated-field').hidden = !L.account;
  $('guest-help').hidden = Boolean(L.account);
}

function receive(msg) {
  if (msg.type === 'hello') {
    L.socket = msg.socket;
    // A new socket: the seeks of the old one went with it.
    L.mine.clear();
  } else if (msg.type === 'seeks') {
    L.seeks = msg.seeks;
    for (const id of [...L.mine]) if (!L.seeks.some((s) => s.id === id)) L.mine.delete(id);
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
  const match = L.seeks.find((s) => !s.opponent && !L.mine.has(s.id) && s.clock === clock && s.mode === 'round' && s.rated === rated && (!L.account || s.name !== L.account.name));
  if (match) return accept(match.id);
  if (L.seeks.some((s) => L.mine.has(s.id) && s.clock === clock && s.rated === rated)) return;
  return post({ clock, mode: 'round', rated });
}

async function start() {
  await setLanguage(preferred());
  languageSwitch($('lang'), render);
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
    post({ clock: fd.get('clock'), mode: fd.get('mode'), rated: Boolean(L.account && fd.get('rated')), min_rating: number('min_rating'), max_rating: number('max_rating'), opponent });
  });
  render();
  liveUpdates(null, receive, (open) => {
    if (!open) L.socket = null;
    render();
  }, null, '/api/lobby/ws');
}

start();
