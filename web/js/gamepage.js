// The game pages' widgets, for live_game.js and the games' adapters (app.js, mandiri.js): the
// speed and sound controls, the explanation of the last move, the two-click resign, copy
// buttons, table rows, the round's summary, a game's seat and first state, and the touch-screen
// mark.

import { call, errorText } from './api.js';
import { t } from './i18n.js';
import { soundOn, setSound } from './sound.js';

const $ = (id) => document.getElementById(id);

/** Touch screens have no keys to play with: their keyboard hints are hidden (style.css). */
export function markTouch() {
  if (window.matchMedia('(hover: none) and (pointer: coarse)').matches || navigator.maxTouchPoints > 0) {
    document.documentElement.classList.add('touch');
  }
}

/** The page's controls of a board: the speed (kept for every page), skip, sound (off until
 *  turned on). Returns the function that writes the sound button's text again (a language
 *  change). */
export function boardControls(board) {
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

/** A move's events as a list, one item an event (`describe(ev)`), a run of drops as one. */
export function explainList(ol, events, describe) {
  ol.textContent = '';
  const drops = [];
  const flush = () => {
    if (!drops.length) return;
    const li = document.createElement('li');
    li.textContent = drops.length === 1
      ? describe(drops[0])
      : t('explain.drops', { count: drops.length, from: drops[0].hole, to: drops[drops.length - 1].hole });
    ol.appendChild(li);
    drops.length = 0;
  };
  for (const ev of events) {
    if (ev.event === 'drop') {
      drops.push(ev);
      continue;
    }
    flush();
    const text = describe(ev);
    if (!text) continue;
    const li = document.createElement('li');
    li.textContent = text;
    li.dataset.event = ev.event;
    ol.appendChild(li);
  }
  flush();
}

/** The resign button: the first click arms it for 4 s ("Really resign?"), the second resigns,
 *  so that a slip of the finger does not end the game. `render()` shows the button again. */
export function resignButton(state, render, resign) {
  $('resign').addEventListener('click', () => {
    if (!state.resignArmed) {
      state.resignArmed = true;
      render();
      setTimeout(() => {
        state.resignArmed = false;
        render();
      }, 4000);
      return;
    }
    state.resignArmed = false;
    resign();
  });
}

/** The resign button's text, armed or not. */
export function resignText(state) {
  return t(state.resignArmed ? 'game.resignSure' : 'game.resign');
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
  const tr = document.createElement('tr');
  if (cls) tr.className = cls;
  for (const c of cells) {
    const td = document.createElement('td');
    td.textContent = c;
    tr.appendChild(td);
  }
  tbody.appendChild(tr);
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
  box.textContent = '';
  const h = document.createElement('h2');
  h.textContent = t('summary.heading');
  box.appendChild(h);
  for (const p of parts) {
    const para = document.createElement('p');
    para.textContent = p;
    box.appendChild(para);
  }
  const next = document.createElement('button');
  next.type = 'button';
  next.id = 'next-round';
  next.className = 'primary';
  next.textContent = t('summary.next', { round });
  box.appendChild(next);
  box.hidden = false;
  return next;
}

/**
 * Opens the game `id` for its page: takes the seat of an invitation link (`?invite=`) once,
 * kept in `store` as `entry(answer)`, then reads the game from `api`/`id`. Returns {seat, info},
 * or null when the page shows why it cannot (an unknown game, a server error).
 */
export async function openSeatAndGame(id, { store, api, page, entry }) {
  const invite = new URLSearchParams(location.search).get('invite');
  let seat = store.get(id);
  let joinError = null;
  if (invite && !seat) {
    try {
      const r = await call('POST', `${api}/${encodeURIComponent(id)}/join`, { invite });
      store.set(id, entry(r));
      seat = store.get(id);
    } catch (e) {
      joinError = e;
    }
  }
  if (invite) history.replaceState(null, '', `${page}/${id}`);
  let info;
  try {
    info = await call('GET', `${api}/${encodeURIComponent(id)}`);
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
