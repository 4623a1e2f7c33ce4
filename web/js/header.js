// The header's account corner on every page (web/layout.html, docs/PAGE.md): the signed-in
// player's name, linking to their player page, and a badge with the number of their games
// where it is their move, linking to the first of them; the tab's title starts with that
// number, "(2) Raja Pasu", as lichess does, so that a tab in the background says it too.
//
// The count is the account's online games of both games (GET /api/players/{name}/games, where
// `their_turn` marks them, as the home page's list has it). It is asked again every minute
// while the page is shown, at once when the page is shown again, at once when the game page
// shows a new move or an end of its game (live_game.js, for both games), and at once when the
// account page logs in or out (the event `rajapasu:games`): so a move made or received on the
// open game changes it at once, a move in another game within a minute.

import { call, markSignedIn } from './api.js';
import { t, formatNumber } from './i18n.js';

const $ = (id) => document.getElementById(id);
/** How often the count is asked again while the page is shown. */
const POLL_MS = 60_000;
/** A game page's changes in a burst (a move, then the state after it) ask once. */
const SETTLE_MS = 250;

/** Whether this browser was signed out when it last asked: a guest's page asks nothing until
 *  the account page signs it in (and says so with the event). */
const guest = () => localStorage.getItem('rajapasu.signedIn') === 'no';

const H = { name: null, waiting: [], asking: null, again: false, timer: null };

/** The page's title with the count in front when games wait: "(2) Raja Pasu". */
function titled() {
  const base = document.title.replace(/^\(\d+\) /, '');
  const want = H.waiting.length ? `(${H.waiting.length}) ${base}` : base;
  if (document.title !== want) document.title = want;
}

function render() {
  const me = $('header-me');
  const badge = $('header-turns');
  if (!me || !badge) return;
  me.hidden = !H.name;
  badge.hidden = !H.name || H.waiting.length === 0;
  if (H.name) {
    me.textContent = H.name;
    me.href = `/@/${encodeURIComponent(H.name)}`;
    me.title = t('header.account', { name: H.name });
  }
  const n = H.waiting.length;
  badge.textContent = formatNumber(n);
  badge.dataset.count = String(n);
  badge.href = H.waiting[0]?.watch || '/';
  badge.setAttribute('aria-label', t('header.turns', { n }));
  badge.title = badge.getAttribute('aria-label');
  titled();
}

/** Asks who is signed in and which of their games wait for their move; one question at a
 *  time, and one more if asked meanwhile. */
async function refresh() {
  if (H.asking) {
    H.again = true;
    return;
  }
  H.asking = (async () => {
    try {
      const { account } = await call('GET', '/api/account');
      markSignedIn(Boolean(account));
      H.name = account?.name ?? null;
      if (H.name) {
        const r = await call('GET', `/api/players/${encodeURIComponent(H.name)}/games`);
        H.waiting = r.playing.filter((g) => g.their_turn);
      } else {
        H.waiting = [];
      }
    } catch {
      // No answer (offline, a restart): the corner shows what it last knew.
    }
    render();
  })();
  await H.asking;
  H.asking = null;
  if (H.again) {
    H.again = false;
    refresh();
  }
}

/** Asks again shortly; a browser signed out (a logout just now) shows no one. */
function soon() {
  clearTimeout(H.timer);
  if (guest()) {
    Object.assign(H, { name: null, waiting: [] });
    render();
    return;
  }
  H.timer = setTimeout(refresh, SETTLE_MS);
}

/** The open game's ply and state when the header last heard of them. */
let seen = null;

/** Tells the header where the open game is (live_game.js, on every render, for both games):
 *  a new move or an end may change the count, which is asked again at once. */
export function gameSeen(state) {
  if (state === seen) return;
  // The first is the game as the page opened it: the page's own first question covers it.
  if (seen !== null) soon();
  seen = state;
}

function start() {
  if (!guest()) refresh();
  setInterval(() => {
    if (document.visibilityState === 'visible' && !guest()) refresh();
  }, POLL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !guest()) refresh();
  });
  document.addEventListener('rajapasu:games', soon);
  // The pages set their own titles (a language switch, a player's name): the count goes back
  // in front; and the words of the corner follow the page's language.
  const title = document.querySelector('title');
  if (title) new MutationObserver(titled).observe(title, { childList: true, characterData: true, subtree: true });
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}

start();
