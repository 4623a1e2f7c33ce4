// The pages' widgets: buttons, copy buttons and table rows for every page, and for the game
// pages (live_game.js and the games' adapters, app.js and mandiri.js) the explanation of the last
// move, the round's summary, a game's seat and first state, and the touch-screen mark.

import { call, errorText, signedIn } from './api.js';
import { t, element } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Touch screens have no keys to play with: their keyboard hints are hidden (style.css). */
export function markTouch() {
  if (window.matchMedia('(hover: none) and (pointer: coarse)').matches || navigator.maxTouchPoints > 0) {
    document.documentElement.classList.add('touch');
  }
}

/** A move's events as a list, one item an event (`describe(ev)`), a run of drops as one. */
export function explainList(ol, events, describe) {
  ol.textContent = '';
  const drops = [];
  const flush = () => {
    if (!drops.length) return;
    const text = drops.length === 1
      ? describe(drops[0])
      : t('explain.drops', { count: drops.length, from: drops[0].hole, to: drops[drops.length - 1].hole });
    ol.append(element('li', { textContent: text }));
    drops.length = 0;
  };
  for (const ev of events) {
    if (ev.event === 'drop') {
      drops.push(ev);
      continue;
    }
    flush();
    const text = describe(ev);
    if (text) ol.append(element('li', { textContent: text, 'data-event': ev.event }));
  }
  flush();
}

/** A button: its text, its name for screen readers, what a click does. */
export function button(text, label, onClick) {
  const b = element('button', { type: 'button', textContent: text, 'aria-label': label });
  b.addEventListener('click', onClick);
  return b;
}

/** Copies an input's text (an invitation link) when `button` is clicked. */
export function copyButton(input, button) {
  button.addEventListener('click', async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand?.('copy');
    }
  });
}

/** A table row of `cells` (texts) appended to `tbody`. */
export function tableRow(tbody, cells, cls) {
  const tr = element('tr', {}, ...cells.map((c) => element('td', { textContent: c })));
  if (cls) tr.className = cls;
  tbody.append(tr);
}

/** The page of a game that is not on this server. */
export function showNotFound(id) {
  $('game').hidden = true;
  $('not-found').hidden = false;
  $('not-found-text').textContent = t('notFound.text', { id });
  document.title = t('notFound.heading');
}

/** The summary between two rounds: its heading, a paragraph for each of `parts`, and the
 *  button that starts round `round` (returned, for the page to wire). */
export function showSummary(parts, round) {
  const box = $('round-summary');
  const next = element('button', { type: 'button', id: 'next-round', className: 'primary', textContent: t('summary.next', { round }) });
  const paragraphs = parts.map((p) => element('p', { textContent: p }));
  box.replaceChildren(element('h2', { textContent: t('summary.heading') }), ...paragraphs, next);
  box.hidden = false;
  // On a phone the game's first screen fills the window: the summary below it is brought into
  // view.
  box.scrollIntoView({ block: 'nearest' });
  return next;
}

/** Whether a kept seat says which player it is (a Raja Pasu side, Mandiri's players): the
 *  account page keeps only the token of an account's game played elsewhere. */
function knowsSeat(seat) {
  return Boolean(seat && seat.token && (seat.seat || seat.players));
}

/** The signed-in account's seat in the game `id` (docs/API.md, `GET .../{id}/seat`), kept in
 *  `seats` as `seatEntry` makes it: {seat, info}, or null when the account holds none (or
 *  the browser is signed out): then the page is a watcher's. */
async function accountSeat(id, { seats, api, seatEntry }) {
  try {
    const r = await call('GET', `${api}/${encodeURIComponent(id)}/seat`);
    seats.set(id, seatEntry(r, r.game.kind));
    return { seat: seats.get(id), info: r.game };
  } catch {
    return null;
  }
}

/**
 * Opens the game `id` for its page: takes the seat of an invitation link (`?invite=`) once,
 * kept in `seats` as `seatEntry(answer, 'online')`; a signed-in player's game this browser
 * holds no seat of comes from the account (on any device); then reads the game from
 * `api`/`id`. Returns {seat, info}, or null when the page shows why it cannot (an unknown
 * game, a server error).
 */
export async function openSeatAndGame(id, { seats, api, page, seatEntry }) {
  const invite = new URLSearchParams(location.search).get('invite');
  let seat = seats.get(id);
  let joinError = null;
  if (invite && !seat) {
    try {
      const r = await call('POST', `${api}/${encodeURIComponent(id)}/join`, { invite });
      seats.set(id, seatEntry(r, 'online'));
      seat = seats.get(id);
    } catch (e) {
      joinError = e;
    }
  }
  if (invite) history.replaceState(null, '', `${page}/${id}`);
  let info;
  if (!knowsSeat(seat)) {
    const mine = signedIn() ? await accountSeat(id, { seats, api, seatEntry }) : null;
    seat = mine?.seat || null;
    info = mine?.info;
  }
  try {
    info = info || (await call('GET', `${api}/${encodeURIComponent(id)}`));
  } catch (e) {
    if (e.status === 404) {
      showNotFound(id);
      return null;
    }
    $('game').hidden = false;
    $('status').textContent = errorText(e);
    return null;
  }
  $('game').hidden = false;
  if (joinError) $('game-error').textContent = errorText(joinError);
  return { seat, info };
}
