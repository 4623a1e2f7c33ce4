// The home page: a board at the start position, one-click play against the computer, the full
// new-game form, the way to the tutorial and the analysis board, and this browser's games.

import { call, seats, errorText } from './api.js';
import { Board } from './board.js';
import { t, language } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** What "Play the computer" starts: the server's default level, South so that the player moves
 *  first, and a single round, which a newcomer finishes in a few minutes (docs in README). */
export const QUICK_GAME = { kind: 'computer', side: 'south', mode: 'round', rules: 'canonical' };

/** The start position of the canonical rules, as the engine's view would show it. */
const START_VIEW = {
  holes: { south: [7, 7, 7, 7, 7, 7, 7], north: [7, 7, 7, 7, 7, 7, 7] },
  captured: { south: 0, north: 0 },
  reserve: { south: 0, north: 0 },
};

let board = null;

export function fillHome(meta) {
  const level = $('level');
  const keep = level.value || String(meta.default_level ?? '');
  level.textContent = '';
  for (const l of meta.levels) {
    const o = document.createElement('option');
    o.value = l.number;
    o.textContent = t('level.option', {
      number: l.number,
      name: t(`level.${l.number}`) !== `level.${l.number}` ? t(`level.${l.number}`) : l.name,
    });
    level.appendChild(o);
  }
  level.value = keep;
  const preset = $('preset');
  const keepPreset = preset.value || 'canonical';
  preset.textContent = '';
  for (const p of meta.presets) {
    const o = document.createElement('option');
    o.value = p.name;
    const key = `preset.${p.name}`;
    o.textContent = t(key) !== key ? t(key) : p.name;
    preset.appendChild(o);
  }
  preset.value = keepPreset;
  updateKindFields();
  listMyGames();
  if (board) board.render();
  const quickLevel = meta.default_level ?? 3;
  $('quick-play-help').textContent = t('home.quickHelp', { level: quickLevel });
}

export function updateKindFields() {
  const kind = new FormData($('new-game')).get('kind');
  $('level-field').hidden = kind !== 'computer';
  $('side-field').hidden = kind === 'local';
}

export function listMyGames() {
  const all = Object.entries(seats.all()).sort((a, b) => (b[1].created || 0) - (a[1].created || 0));
  const ul = $('my-games');
  ul.textContent = '';
  $('my-games-card').hidden = all.length === 0;
  for (const [id, s] of all.slice(0, 20)) {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `/g/${id}`;
    a.textContent = `${t(`kind.${s.kind}`)} · ${new Date((s.created || 0) * 1000).toLocaleString(language())}`;
    li.appendChild(a);
    ul.appendChild(li);
  }
}

/** Creates the game and opens it; `button` is disabled meanwhile, errors go to `errorBox`. */
async function create(body, button, errorBox) {
  button.disabled = true;
  errorBox.textContent = '';
  try {
    const r = await call('POST', '/api/games', body);
    seats.set(r.id, { token: r.token, seat: r.seat, kind: body.kind, created: r.game.created, invite: r.invite });
    location.href = `/g/${r.id}`;
  } catch (err) {
    errorBox.textContent = errorText(err);
    button.disabled = false;
  }
}

export async function startHome(meta) {
  $('home').hidden = false;
  board = new Board($('home-board'), { t });
  board.setView(START_VIEW);
  fillHome(meta);
  $('quick-play').addEventListener('click', () => {
    const body = { ...QUICK_GAME };
    if (meta.default_level) body.level = meta.default_level;
    create(body, $('quick-play'), $('quick-error'));
  });
  $('new-game').addEventListener('change', updateKindFields);
  $('record-file').addEventListener('change', async (e) => {
    const f = e.target.files[0];
    if (f) $('new-game').elements.record.value = await f.text();
  });
  $('new-game').addEventListener('submit', async (e) => {
    e.preventDefault();
    const fd = new FormData(e.target);
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
    create(body, $('start'), $('home-error'));
  });
}
