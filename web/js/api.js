// The JSON API (docs/API.md) and the live-update socket.

import { t, translated } from './i18n.js';

export class ApiError extends Error {
  /** `code` is the server's fixed word for the error (docs/API.md), which the page translates. */
  constructor(status, message, code = null) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** An error in the page's language: the server's code through the catalogs (its English
 *  message is for people reading the API, not for the page). */
export function errorText(e) {
  if (e instanceof ApiError) {
    if (e.status === 0) return t('error.network');
    return (e.code && translated(`error.${e.code}`, null)) || t('error.other', { code: e.code || e.status });
  }
  return String(e.message || e);
}

let roundTrip = 0;

/** Half the time the last request took to be answered, in ms: the network delay a move's
 *  request sends along in a timed game (the server forgives it within a quota). */
export function networkDelay() {
  return Math.round(roundTrip / 2);
}

export async function call(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let r;
  const sent = performance.now();
  try {
    r = await fetch(path, opts);
  } catch (e) {
    throw new ApiError(0, String(e));
  }
  roundTrip = performance.now() - sent;
  const text = await r.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  if (!r.ok) throw new ApiError(r.status, (data && data.error) || r.statusText, (data && data.code) || null);
  return data;
}

/** Seat tokens of this browser's games of `game` (the API's word for it), kept in localStorage
 *  under `key`, by game id. */
function tokenStore(key, game) {
  return {
    all() {
      try {
        return JSON.parse(localStorage.getItem(key) || '{}');
      } catch {
        return {};
      }
    },
    get(id) {
      return this.all()[id] || null;
    },
    set(id, entry) {
      const all = this.all();
      const known = all[id]?.token;
      all[id] = entry;
      localStorage.setItem(key, JSON.stringify(all));
      // A new seat of a signed-in player is the account's too (on every device).
      if (entry.token && entry.token !== known && signedIn()) {
        call('POST', '/api/account/games', { game, id, token: entry.token }).catch(() => {});
      }
    },
  };
}

/** Whether this browser was signed in when the account page last looked (the cookie itself is
 *  out of the page's reach). */
export function signedIn() {
  return localStorage.getItem('rajapasu.signedIn') === 'yes';
}

/** Notes whether this browser is signed in (the account page, after each answer). */
export function markSignedIn(yes) {
  localStorage.setItem('rajapasu.signedIn', yes ? 'yes' : 'no');
}

const PUZZLE_RATING_KEY = 'rajapasu.puzzleRating';

/** A guest's puzzle rating, kept in this browser ({rating, deviation, volatility}), or null. */
export function guestPuzzleRating() {
  try {
    const r = JSON.parse(localStorage.getItem(PUZZLE_RATING_KEY) || 'null');
    if (r && Number.isFinite(r.rating) && Number.isFinite(r.deviation) && Number.isFinite(r.volatility)) return r;
  } catch {
    // A damaged entry is a new player.
  }
  return null;
}

/** Keeps a guest's puzzle rating in this browser. */
export function saveGuestPuzzleRating(r) {
  localStorage.setItem(PUZZLE_RATING_KEY, JSON.stringify({ rating: r.rating, deviation: r.deviation, volatility: r.volatility }));
}

/** Forgets the guest's puzzle rating, once an account has been sent it at registration or
 *  login: the account's rating is the player's from then on (taken over from the guest's when
 *  it had none), and a guest who plays here after logging out starts as a new player, so that
 *  one guest rating never goes to two accounts. docs/PUZZLES.md */
export function forgetGuestPuzzleRating() {
  localStorage.removeItem(PUZZLE_RATING_KEY);
}

/** The two-player games' seats. */
export const seats = tokenStore('rajapasu.games', 'raja_pasu');
/** The Raja Pasu Mandiri games' seats: {token, players, kind, created, invites}. */
export const mandiriSeats = tokenStore('rajapasu.mandiri', 'mandiri');

/** A socket that reconnects by itself; `onMessage` gets each parsed message. `hello`, when
 *  given, is sent on every connection (a player's seat token: the seat is then "connected").
 *  `path`: the socket's path, a two-player game's unless given. */
export function liveUpdates(id, onMessage, onStatus = () => {}, hello = null, path = `/api/games/${encodeURIComponent(id)}/ws`) {
  let ws = null;
  let closed = false;
  let delay = 500;
  const open = () => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    ws = new WebSocket(`${proto}//${location.host}${path}`);
    ws.onopen = () => {
      delay = 500;
      if (hello) ws.send(hello);
      onStatus(true);
    };
    ws.onmessage = (e) => {
      try {
        onMessage(JSON.parse(e.data));
      } catch {
        /* not JSON: ignore */
      }
    };
    ws.onclose = () => {
      onStatus(false);
      if (!closed) {
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 8000);
      }
    };
  };
  open();
  return {
    close() {
      closed = true;
      ws?.close();
    },
  };
}
