// The new-game forms: what both games' forms do (the computer's levels, the fields that depend on
// the kind of game, this browser's games and a signed-in player's, creating the game and going to it), and the home
// page's own: a board at the start position, one-click play against the computer, the rule
// presets, a game from a record, the way to the tutorial and the analysis board.

import { call, seats, errorText } from './api.js';
import { Board } from './board.js';
import { clockText } from './clocks.js';
import { t, formatDate, translated, element, fillSelect } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** What "Play the computer" starts: the server's default level, South so that the player moves
 *  first, and a single round, which a newcomer finishes in a few minutes (docs/PLAYING.md, "Home, tutorial, puzzles and the analysis board"). */
export const QUICK_GAME = { kind: 'computer', side: 'south', mode: 'round', rules: 'canonical' };

/** The server's levels and presets (GET /api/meta); without them the forms keep their defaults. */
export async function loadMeta() {
  try {
    return await call('GET', '/api/meta');
  } catch {
    return {};
  }
}

/** The levels offered when the server did not say (its levels 1 to 7). */
const LEVELS = [1, 2, 3, 4, 5, 6, 7].map((number) => ({ number, name: String(number) }));

/** Fills a select with the computer's levels up to `max`, keeping the one chosen (else the
 *  default). */
function levelOptions(select, meta, max = Infinity) {
  const levels = (meta.levels?.length ? meta.levels : LEVELS).filter((l) => l.number <= max);
  const options = levels.map((l) => ({ value: l.number, text: t('level.option', { number: l.number, name: translated(`level.${l.number}`, l.name) }) }));
  fillSelect(select, options, select.value || String(meta.default_level ?? 3));
}

/** Creates a game with `body` and goes to it, keeping its seat in `spec.seats`; `button` is
 *  disabled meanwhile, errors go to `errorBox`. */
async function create(spec, body, button, errorBox) {
  button.disabled = true;
  errorBox.textContent = '';
  try {
    const r = await call('POST', spec.api, body);
    spec.seats.set(r.id, spec.seatEntry(r, body.kind));
    location.href = `${spec.page}/${r.id}`;
  } catch (err) {
    errorBox.textContent = errorText(err);
    button.disabled = false;
  }
}

/**
 * Starts a new-game form. `spec` says what differs between the games: `prefix` (of its
 * elements' ids: new-game, level, level-field, start, home-error, my-games, my-games-card),
 * `sideField` (the id of the field of the player's side or number), `kinds` (the catalog prefix
 * of the kinds of game), `maxLevel` (the strongest level offered, if not all), `body(formData)` (the request), and the game's routes and seats as
 * live_game.js takes them (`api`, `page`, `seats`, `seatEntry`). Returns {fill()}, which writes
 * the form again (another language), and `create(body)`.
 */
export function startNewGameForm(spec, meta) {
  const $form = (id) => $(`${spec.prefix}${id}`);
  // A signed-in player's online games, by id, as their player page lists them.
  let listed = {};
  const fill = () => {
    levelOptions($form('level'), meta, spec.maxLevel);
    const kind = new FormData($form('new-game')).get('kind');
    $form('level-field').hidden = kind !== 'computer';
    $form('clock-field').hidden = kind !== 'online';
    $form('clock-takebacks-field').hidden = kind !== 'online';
    $form('clock-rated-field').hidden = kind !== 'online' || !new FormData($form('new-game')).get('clock');
    $(spec.sideField).hidden = kind === 'local';
    // This browser's games and the account's (played on any device): those waiting for the
    // player's move first, then the newest first.
    const kept = spec.seats.all();
    const ids = [...new Set([...Object.keys(kept), ...Object.keys(listed)])];
    const created = (id) => listed[id]?.created || kept[id]?.created || 0;
    const yours = (id) => (listed[id]?.their_turn ? 0 : 1);
    const all = ids.sort((a, b) => yours(a) - yours(b) || created(b) - created(a));
    $form('my-games-card').hidden = all.length === 0;
    $form('my-games').replaceChildren(
      ...all.slice(0, 20).map((id) => {
        const g = listed[id];
        const text = g ? accountGameText(g) : [t(`${spec.kinds}.${kept[id].kind}`), formatDate(created(id), { time: true })].join(' · ');
        const turn = !g ? '' : g.over ? 'over' : g.their_turn ? 'yours' : 'theirs';
        return element('li', { 'data-turn': turn, 'data-game': id }, element('a', { href: `${spec.page}/${id}`, textContent: text }));
      }),
    );
  };
  fill();
  accountGames(spec.game).then((found) => {
    listed = found;
    if (Object.keys(found).length) fill();
  });
  $form('new-game').addEventListener('change', fill);
  $form('new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    create(spec, spec.body(new FormData(e.target)), $form('start'), $form('home-error'));
  });
  return { fill, create: (body, button, errorBox) => create(spec, body, button, errorBox) };
}

/** A signed-in player's online games of `game` (`raja_pasu`, `mandiri`), by id, as
 *  `GET /api/players/{name}/games` lists them (docs/API.md). Empty for a guest. */
async function accountGames(game) {
  if (localStorage.getItem('rajapasu.signedIn') !== 'yes') return {};
  try {
    const { account } = await call('GET', '/api/account');
    if (!account) return {};
    const r = await call('GET', `/api/players/${encodeURIComponent(account.name)}/games?game=${game}`);
    return Object.fromEntries([...r.playing, ...r.finished].map((g) => [g.id, g]));
  } catch {
    return {};
  }
}

/** A time control in words: days a move as the clock field says them, else as written. */
function controlText(control) {
  const days = { '1d': 'clock.day1', '3d': 'clock.day3', '7d': 'clock.day7' }[control];
  return days ? t(days) : control;
}

/** The time left of the player to move in a listed game, in ms, as the page counts it; null
 *  in an untimed game, or when no time runs. */
function timeLeft(g) {
  const clock = g.time;
  if (!clock || g.over) return null;
  if (clock.running !== null && clock.deadline) return clock.deadline - Date.now();
  return g.to_move === null ? null : clock.left_ms[g.to_move];
}

/** A listed game in words: the game and its time control, the opponents, whose move and the
 *  time left, or the player's result. */
function accountGameText(g) {
  const game = t(g.game === 'mandiri' ? 'm.title' : 'app.title');
  const others = g.players.filter((_, i) => !g.mine.includes(i)).map((p) => p.account || p.name);
  const parts = [g.clock ? t('home.gameClock', { game, control: controlText(g.clock) }) : game, t('players.against', { names: others.join(', ') })];
  if (g.over) {
    parts.push(t(g.score === 1 ? 'players.won' : g.score === 0 ? 'players.lost' : 'players.drew'));
  } else {
    parts.push(g.their_turn ? t('home.yourTurn') : t('players.theirTurn'));
    const left = timeLeft(g);
    if (left !== null) parts.push(t('home.timeLeft', { time: clockText(left, g.speed === 'correspondence') }));
  }
  return parts.join(' · ');
}

// ---------------------------------------------------------------- the home page

/** Raja Pasu's routes, and this browser's seats in its games (live_game.js). */
export const ROUTES = {
  api: '/api/games',
  game: 'raja_pasu',
  page: '/g',
  seats,
  seatEntry: (r, kind) => ({ token: r.token, seat: r.seat, kind, created: r.game.created, invite: r.invite }),
};

const HOME = {
  ...ROUTES,
  prefix: '',
  sideField: 'side-field',
  kinds: 'kind',
  body(fd) {
    const kind = fd.get('kind');
    const body = { kind, mode: fd.get('mode'), rules: fd.get('rules') || 'canonical' };
    if (kind === 'computer') body.level = Number(fd.get('level'));
    if (kind !== 'local') body.side = fd.get('side');
    if (kind === 'online' && fd.get('clock')) body.clock = fd.get('clock');
    if (body.clock && fd.get('rated')) body.rated = true;
    if (kind === 'online') body.takebacks = fd.get('takebacks');
    const record = String(fd.get('record') || '').trim();
    if (record) {
      body.record = record;
      delete body.rules;
      delete body.mode;
    }
    return body;
  },
};

let home = null;
let board = null;

/** The home page's texts and choices again (at the start, and in another language). */
export function fillHome(meta) {
  home.fill();
  const presets = (meta.presets || []).map((p) => ({ value: p.name, text: translated(`preset.${p.name}`, p.name) }));
  fillSelect($('preset'), presets, $('preset').value || 'canonical');
  $('quick-play-help').textContent = t('home.quickHelp', { level: meta.default_level ?? 3 });
  board?.render();
}

export async function startHome(meta) {
  $('home').hidden = false;
  board = new Board($('home-board'), { t });
  // The start of a game as the server has it: the position before a first move.
  call('POST', '/api/trace', { move: 1 })
    .then((trace) => board.setView(trace.before))
    .catch(() => {});
  home = startNewGameForm(HOME, meta);
  fillHome(meta);
  $('quick-play').addEventListener('click', () => {
    const body = { ...QUICK_GAME };
    if (meta.default_level) body.level = meta.default_level;
    home.create(body, $('quick-play'), $('quick-error'));
  });
  $('record-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (f) $('new-game').elements.record.value = await f.text();
  });
}
