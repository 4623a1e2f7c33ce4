// The new-game forms: what both games' forms do (the computer's levels, the fields that depend on
// the kind of game, this browser's games, creating the game and going to it), and the home
// page's own: a board at the start position, one-click play against the computer, the rule
// presets, a game from a record, the way to the tutorial and the analysis board.

import { call, seats, errorText } from './api.js';
import { Board } from './board.js';
import { t, language } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** What "Play the computer" starts: the server's default level, South so that the player moves
 *  first, and a single round, which a newcomer finishes in a few minutes (docs in README). */
export const QUICK_GAME = { kind: 'computer', side: 'south', mode: 'round', rules: 'canonical' };

/** The server's levels and presets (GET /api/meta); without them the forms keep their defaults. */
export async function loadMeta() {
  try {
    return await call('GET', '/api/meta');
  } catch {
    return {};
  }
}

/** The levels offered when the server did not say (its levels 1 to 6). */
const LEVELS = [1, 2, 3, 4, 5, 6].map((number) => ({ number, name: String(number) }));

/** Fills a select with the computer's levels, keeping the one chosen (else the default). */
function levelOptions(select, meta) {
  const keep = select.value || String(meta.default_level ?? 3);
  select.textContent = '';
  for (const l of meta.levels?.length ? meta.levels : LEVELS) {
    const o = document.createElement('option');
    o.value = l.number;
    const key = `level.${l.number}`;
    o.textContent = t('level.option', { number: l.number, name: t(key) !== key ? t(key) : l.name });
    select.appendChild(o);
  }
  select.value = keep;
}

/** Creates a game with `body` and goes to it, keeping its seat in `spec.seats`; `button` is
 *  disabled meanwhile, errors go to `errorBox`. */
async function create(spec, body, button, errorBox) {
  button.disabled = true;
  errorBox.textContent = '';
  try {
    const r = await call('POST', spec.api, body);
    spec.seats.set(r.id, spec.seat(r, body));
    location.href = `${spec.page}/${r.id}`;
  } catch (err) {
    errorBox.textContent = errorText(err);
    button.disabled = false;
  }
}

/**
 * Starts a new-game form. `spec` names its elements (form, level, levelField, sideField, start,
 * error, games, gamesCard: ids) and says what differs between the games: `kinds` (the catalog
 * prefix of the kinds of game), `seats` (the token store), `api` and `page` (the routes of new
 * games and their pages), `body(formData)` (the request) and `seat(answer, body)` (the seat
 * kept). Returns {fill()}, which writes the form again (another language), and `create(body)`.
 */
export function startNewGameForm(spec, meta) {
  const fill = () => {
    levelOptions($(spec.level), meta);
    const kind = new FormData($(spec.form)).get('kind');
    $(spec.levelField).hidden = kind !== 'computer';
    $(spec.sideField).hidden = kind === 'local';
    // This browser's games, the newest first.
    const all = Object.entries(spec.seats.all()).sort((a, b) => (b[1].created || 0) - (a[1].created || 0));
    const ul = $(spec.games);
    ul.textContent = '';
    $(spec.gamesCard).hidden = all.length === 0;
    for (const [id, s] of all.slice(0, 20)) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = `${spec.page}/${id}`;
      a.textContent = `${t(`${spec.kinds}.${s.kind}`)} · ${new Date((s.created || 0) * 1000).toLocaleString(language())}`;
      li.appendChild(a);
      ul.appendChild(li);
    }
  };
  fill();
  $(spec.form).addEventListener('change', fill);
  $(spec.form).addEventListener('submit', (e) => {
    e.preventDefault();
    create(spec, spec.body(new FormData(e.target)), $(spec.start), $(spec.error));
  });
  return { fill, create: (body, button, errorBox) => create(spec, body, button, errorBox) };
}

// ---------------------------------------------------------------- the home page

const HOME = {
  form: 'new-game',
  level: 'level',
  levelField: 'level-field',
  sideField: 'side-field',
  start: 'start',
  error: 'home-error',
  games: 'my-games',
  gamesCard: 'my-games-card',
  kinds: 'kind',
  seats,
  api: '/api/games',
  page: '/g',
  body(fd) {
    const kind = fd.get('kind');
    const body = { kind, mode: fd.get('mode'), rules: fd.get('rules') || 'canonical' };
    if (kind === 'computer') body.level = Number(fd.get('level'));
    if (kind !== 'local') body.side = fd.get('side');
    const record = String(fd.get('record') || '').trim();
    if (record) {
      body.record = record;
      delete body.rules;
      delete body.mode;
    }
    return body;
  },
  seat: (r, body) => ({ token: r.token, seat: r.seat, kind: body.kind, created: r.game.created, invite: r.invite }),
};

let home = null;
let board = null;

/** The home page's texts and choices again (at the start, and in another language). */
export function fillHome(meta) {
  home.fill();
  const preset = $('preset');
  const keepPreset = preset.value || 'canonical';
  preset.textContent = '';
  for (const p of meta.presets || []) {
    const o = document.createElement('option');
    o.value = p.name;
    const key = `preset.${p.name}`;
    o.textContent = t(key) !== key ? t(key) : p.name;
    preset.appendChild(o);
  }
  preset.value = keepPreset;
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
