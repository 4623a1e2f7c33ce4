// The Mandiri game page's hint and rematch: the Hint button (and the key H) of a game against
// the computers or on one device, its answer marked on the board and told in words, and the end
// box's button that plays again (a new game at once) or, online, offers a rematch until all
// three players have, then takes each page to its seat in the new game. mandiri.js calls
// startHelp once and renderHelp whenever it shows the game again.

import { errorText } from './api.js';
import { t } from './i18n.js';
import { G, canMove, receive, viewing, own, request, onKey, leaveFor, openNewGame } from './live_game.js';

const $ = (id) => document.getElementById(id);

const H = {
  page: null, // what mandiri.js lends: {isOver, playerName}
  hint: null, // {ply, answer}: shown only while the game stands at that ply
  asked: null, // the ply a hint is being searched for
  error: '', // the words of a failed hint, until the game moves on
  errorPly: null,
  asking: false, // a rematch request is on its way
  firstRematch: undefined, // the rematch game the page found when it opened
  followed: false, // the page set off for a rematch agreed while it was open
};

// ---------------------------------------------------------------- hints

async function askHint() {
  if (!own() || !canMove() || H.asked !== null) return;
  const ply = G.info.ply;
  H.asked = ply;
  H.hint = null;
  H.error = '';
  renderHelp();
  try {
    const r = await request('hint', { ply });
    if (G.info.ply === ply) H.hint = { ply, answer: r };
  } catch (e) {
    H.error = errorText(e);
    H.errorPly = ply;
  }
  H.asked = null;
  renderHelp();
}

function hintText(info, r) {
  const params = { seat: r.seat, hole: r.move, value: Math.round(r.value) };
  const single = (G.seat?.players || []).length === 1;
  if (single) return t('m.hint.you', params);
  // The player and their seat as one phrase, as the page's other sentences have them.
  const player = t(`m.inSeat.${r.seat}`, { player: H.page.playerName(info, r.player) });
  return t('m.hint.for', { ...params, player });
}

function renderHint() {
  const { isOver } = H.page;
  const info = G.info;
  const button = $('hint');
  const text = $('hint-text');
  button.hidden = !own() || isOver(info);
  button.disabled = !canMove() || H.asked !== null;
  button.textContent = t(H.asked !== null ? 'hint.thinking' : 'game.hint');
  text.hidden = button.hidden;
  // A hint belongs to one position: it goes when a move is made (and is not shown on an earlier
  // position looked back at).
  if (H.hint && (H.hint.ply !== info.ply || isOver(info))) H.hint = null;
  const fresh = H.hint && !G.busy && !viewing() ? H.hint.answer : null;
  if (H.error && H.errorPly !== info.ply) H.error = '';
  text.textContent = fresh ? hintText(info, fresh) : H.error;
  if (fresh) text.dataset.hole = fresh.move;
  else delete text.dataset.hole;
  const board = G.board;
  const marked = [...board.marks].find(([, cls]) => cls === 'hint');
  const wanted = fresh ? fresh.move : null;
  if ((marked?.[0] || null) === wanted) return;
  if (marked) board.marks.delete(marked[0]);
  if (fresh) board.mark(fresh.move, 'hint');
  board.render();
}

// ---------------------------------------------------------------- rematch

/** One rematch request at a time: an offer, or the collection of a seat in the agreed game. A
 *  player hears of the agreement twice (the answer to the last offer, the socket's message);
 *  the second must not take the page anywhere again. */
async function rematch() {
  if (H.asking || G.leaving) return;
  const agreed = G.info.rematch?.game;
  if (!G.seat) {
    if (agreed) leaveFor(`/m/${agreed}`);
    return;
  }
  H.asking = true;
  $('game-error').textContent = '';
  renderHelp();
  try {
    const r = await request('rematch');
    H.asking = false;
    if (r.token) {
      openNewGame(r, G.info.kind);
      return;
    }
    if (r.game) receive({ type: 'state', game: r.game });
    // The last offer made the game: this page collects its seat in it.
    if (r.game?.rematch?.game) rematch();
  } catch (e) {
    H.asking = false;
    $('game-error').textContent = errorText(e);
  }
  renderHelp();
}

function renderRematch() {
  const { isOver, playerName } = H.page;
  const info = G.info;
  const button = $('rematch');
  const offer = info.rematch || {};
  const agreed = offer.game || null;
  if (H.firstRematch === undefined) H.firstRematch = agreed;
  // The rematch was agreed while this page was open: every page goes there by itself (once:
  // after a failure the button is there to try again).
  if (agreed && agreed !== H.firstRematch && !H.followed) {
    H.followed = true;
    rematch();
  }
  const over = isOver(info);
  button.hidden = !over || (!G.seat && !agreed);
  button.disabled = H.asking || Boolean(G.leaving);
  if (button.hidden) return;
  const offered = offer.offered_by || [];
  const mine = G.seat?.players || [];
  if (info.kind !== 'online') button.textContent = t('end.playAgain');
  else if (agreed) button.textContent = t('m.end.follow');
  else if (mine.some((p) => offered.includes(p))) {
    const n = 3 - offered.length;
    button.textContent = t(n === 1 ? 'm.end.waitingOne' : 'm.end.waitingMore', { n });
    button.disabled = true;
  } else if (offered.length) {
    button.textContent = t('m.end.accept', { players: offered.map((p) => playerName(info, p)).join(t('m.and')) });
  } else button.textContent = t('m.end.offer');
  button.dataset.offers = String(offered.length);
}

// ---------------------------------------------------------------- the page's hooks

/** Wires the hint and rematch buttons and the key H. `page`: {isOver, playerName} from
 *  mandiri.js. */
export function startHelp(page) {
  H.page = page;
  $('hint').addEventListener('click', askHint);
  $('rematch').addEventListener('click', rematch);
  onKey((e) => {
    if ((e.key !== 'h' && e.key !== 'H') || $('hint').hidden || $('hint').disabled) return;
    e.preventDefault();
    askHint();
  });
  renderHelp();
}

/** Shows the hint (or takes it away) and the rematch button for the game as it stands. */
export function renderHelp() {
  if (!H.page || !G.info) return;
  renderHint();
  renderRematch();
}
