// The new-game forms: what both games' forms do (the computer's levels, the fields that depend on
// the kind of game, this browser's games, creating the game and going to it), and the home
// page's own: a board at the start position, one-click play against the computer, the rule
// presets, a game from a record, the way to the tutorial and the analysis board.

import { call, seats, errorText } from './api.js';
import { Board } from './board.js';
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
  // A signed-in player's online games, by id: their move, the others', or over.
  let turns = {};
  const fill = () => {
    levelOptions($form('level'), meta, spec.maxLevel);
    const kind = new FormData($form('new-game')).get('kind');
    $form('level-field').hidden = kind !== 'computer';
    $form('clock-field').hidden = kind !== 'online';
    $form('clock-takebacks-field').hidden = kind !== 'online';
    $form('clock-rated-field').hidden = kind !== 'online' || !new FormData($form('new-game')).get('clock');
    $(spec.sideField).hidden = kind === 'local';
    // This browser's games: those waiting for the player's move first, then the newest first.
    const yours = ([id]) => (turns[id] === 'yours' ? 0 : 1);
    const all = Object.entries(spec.seats.all()).sort((a, b) => yours(a) - yours(b) || (b[1].created || 0) - (a[1].created || 0));
    $form('my-games-card').hidden = all.length === 0;
    $form('my-games').replaceChildren(
      ...all.slice(0, 20).map(([id, s]) => {
        const parts = [t(`${spec.kinds}.${s.kind}`), formatDate(s.created || 0, { time: true })];
        if (turns[id] === 'yours') parts.push(t('home.yourTurn'));
        return element('li', { 'data-turn': turns[id] || '' }, element('a', { href: `${spec.page}/${id}`, textContent: parts.join(' · ') }));
      }),
    );
  };
  fill();
  myTurns(spec.game).then((found) => {
    turns = found;
    if (Object.keys(found).length) fill();
  });
  $form('new-game').addEventListener('change', fill);
  $form('new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    create(spec, spec.body(new FormData(e.target)), $form('start'), $form('home-error'));
  });
  return { fill, create: (body, button, errorBox) => create(spec, body, button, errorBox) };
}

/** A signed-in player's online games of `game` (`raja_pasu`, `mandiri`), by id: `yours` where
 *  it is their move, `theirs` where it is another's, `over`. Empty for a guest. */
async function myTurns(game) {
  if (localStorage.getItem('rajapasu.signedIn') !== 'yes') return {};
  try {
    const { account } = await call('GET', '/api/account');
    if (!account) return {};
    const r = await call('GET', `/api/players/${encodeURIComponent(account.name)}/games?game=${game}`);
    const turns = {};
    for (const g of r.playing) turns[g.id] = g.their_turn ? 'yours' : 'theirs';
    for (const g of r.finished) turns[g.id] = 'over';
    return turns;
  } catch {
    return {};
  }
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
