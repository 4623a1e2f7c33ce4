// The players' page: `/players`, the leaderboard of each rating pool and a search by name; and
// `/@/NAME`, a player's page: their rating in each pool with its history as a chart, their
// games in progress (their move first) and finished (with every record to download), and their
// rated games. docs/API.md, "Ratings" and "Players".

import { call, errorText } from './api.js';
import { t, setLanguage, preferred, languageSwitch, element, formatDate, formatNumber } from './i18n.js';
import { POOLS, loadPools, poolName, countsIn, ratingText, ratingNumber } from './ratings.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

/** The player whose page this is, from `/@/NAME`; null on `/players`. */
function playerName() {
  const m = location.pathname.match(/^\/@\/(.+)$/);
  return m ? decodeURIComponent(m[1]) : null;
}

let shown = null;
let games = null;
/** The finished games the archive's filters chose, or null: all of them (`games.finished`). */
let archive = null;

async function showBoard() {
  const pool = $('pool').value;
  $('boards-error').textContent = '';
  try {
    const r = await call('GET', `/api/leaderboard/${pool}`);
    $('leaderboard').replaceChildren(...r.players.map((p) => element('tr', {},
      element('td', { textContent: formatNumber(p.rank) }),
      element('td', {}, element('a', { href: `/@/${encodeURIComponent(p.name)}`, textContent: p.name })),
      element('td', { textContent: ratingText(p) }),
      element('td', { textContent: formatNumber(p.games) }))));
    $('leaderboard-empty').hidden = r.players.length > 0;
  } catch (err) {
    $('boards-error').textContent = errorText(err);
  }
}

function fillPools() {
  const chosen = $('pool').value || POOLS[0];
  $('pool').replaceChildren(...POOLS.map((p) => element('option', { value: p, textContent: poolName(p) })));
  $('pool').value = chosen;
}

/** The chart's measures, in its units: the whole, and the margins that hold the axes' labels
 *  (the ratings on the left, the first and last game's dates below). */
const CHART = { w: 360, h: 150, left: 46, right: 12, top: 10, bottom: 30 };

/** An SVG element of the chart: `name`, its attributes, its text. */
function svgElement(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * A chart of one pool's ratings after each rated game, one point a game in their order: the
 * axes, the lowest and highest rating on the left one, the first and the last game's dates below
 * (written for the page's language).
 */
function chart(pool, points) {
  const { w, h, left, right, top, bottom } = CHART;
  const values = points.map((p) => p.rating);
  const lo = Math.min(...values), hi = Math.max(...values);
  const span = Math.max(hi - lo, 1);
  const x = (i) => left + (points.length === 1 ? (w - left - right) / 2 : (i * (w - left - right)) / (points.length - 1));
  const y = (v) => (hi === lo ? (top + h - bottom) / 2 : h - bottom - ((v - lo) * (h - top - bottom)) / span);
  const first = points[0], last = points[points.length - 1];
  const svg = svgElement('svg', {
    viewBox: `0 0 ${w} ${h}`,
    class: 'rating-chart',
    role: 'img',
    'aria-label': t('players.chartDates', { pool: poolName(pool), from: ratingNumber(values[0]), start: formatDate(first.at), to: ratingNumber(values[values.length - 1]), end: formatDate(last.at) }),
  });
  svg.append(
    svgElement('line', { class: 'axis', x1: left, y1: top, x2: left, y2: h - bottom }),
    svgElement('line', { class: 'axis', x1: left, y1: h - bottom, x2: w - right, y2: h - bottom }),
    svgElement('text', { class: 'tick y-tick', x: left - 6, y: y(hi) + 4, 'text-anchor': 'end' }, ratingNumber(hi)),
  );
  if (hi !== lo) svg.append(svgElement('text', { class: 'tick y-tick', x: left - 6, y: y(lo) + 4, 'text-anchor': 'end' }, ratingNumber(lo)));
  svg.append(svgElement('text', { class: 'tick x-tick', x: left, y: h - 8, 'text-anchor': 'start' }, formatDate(first.at)));
  if (points.length > 1) svg.append(svgElement('text', { class: 'tick x-tick', x: w - right, y: h - 8, 'text-anchor': 'end' }, formatDate(last.at)));
  svg.append(svgElement('polyline', { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(' ') }));
  for (const [i, p] of points.entries()) svg.append(svgElement('circle', { cx: x(i), cy: y(p.rating), r: 3 }));
  return element('figure', {}, element('figcaption', { className: 'small', textContent: poolName(pool) }), svg);
}

function changeText(change) {
  return change > 0 ? `+${formatNumber(change)}` : change < 0 ? `−${formatNumber(-change)}` : '±0';
}

function renderPlayer() {
  const p = shown;
  if (!p) return;
  $('player-name').textContent = p.name;
  $('player-challenge').href = `/lobby?opponent=${encodeURIComponent(p.name)}`;
  $('player-since').textContent = t('account.since', { date: formatDate(p.created) });
  $('player-puzzle-rating').hidden = !p.puzzle_rating;
  $('player-puzzle-rating').textContent = p.puzzle_rating ? t('players.puzzleRating', { rating: ratingText(p.puzzle_rating) }) : '';
  const pools = POOLS.filter((pool) => p.ratings[pool]);
  $('player-unrated').hidden = pools.length > 0;
  $('player-ratings').replaceChildren(...pools.map((pool) => element('tr', { 'data-pool': pool },
    element('td', { textContent: poolName(pool) }),
    element('td', { className: 'rating', textContent: ratingText(p.ratings[pool]) }),
    element('td', { textContent: formatNumber(p.ratings[pool].games) }))));
  $('player-charts').replaceChildren(...pools
    .map((pool) => [pool, p.history.filter((h) => countsIn(h.pool, pool))])
    .filter(([, points]) => points.length > 0)
    .map(([pool, points]) => chart(pool, points)));
  $('player-history').replaceChildren(...[...p.history].reverse().map((h) => {
    const page = h.pool.startsWith('mandiri') ? '/m' : '/g';
    const when = formatDate(h.at, { time: true });
    return element('li', {},
      element('a', { href: `${page}/${h.game}`, textContent: `${poolName(h.pool)} · ${when}` }),
      element('span', { className: 'rating-change', textContent: ` ${ratingNumber(h.rating)} (${changeText(h.change)})` }));
  }));
}

/** A game of the player's lists: its players, clock and, once over, the player's result. */
function gameItem(g, name) {
  const others = g.players.filter((_, i) => !g.mine.includes(i)).map((p) => p.account || p.name).join(', ');
  const parts = [t(g.game === 'mandiri' ? 'm.title' : 'app.title'), t('players.against', { names: others })];
  if (g.clock) parts.push(g.clock.endsWith('d') ? t(`clock.day${g.clock.slice(0, -1)}`) : g.clock);
  parts.push(t(g.rated ? 'rating.rated' : 'rating.casual'));
  const item = element('li', { 'data-game': g.id }, element('a', { href: g.watch, textContent: parts.join(' · ') }));
  if (!g.over) {
    const turn = g.their_turn ? t('players.yourTurn', { name }) : t('players.theirTurn');
    item.append(element('span', { className: g.their_turn ? 'turn mine' : 'turn', textContent: ` — ${turn}` }));
  } else {
    const result = g.score === 1 ? 'players.won' : g.score === 0 ? 'players.lost' : 'players.drew';
    item.append(element('span', { className: 'result', textContent: ` — ${t(result)}` }),
      ' ', element('a', { href: `/api/${g.game === 'mandiri' ? 'mandiri/' : ''}games/${g.id}/record`, textContent: t('players.record') }));
  }
  return item;
}

/** The archive's filters as a query: those chosen (result, variant, rated, speed). */
function filterQuery() {
  const q = new URLSearchParams();
  for (const [k, v] of new FormData($('archive-filters'))) if (v) q.set(k, v);
  return q;
}

function renderGames() {
  if (!games || !shown) return;
  const finished = archive || games.finished;
  const filtered = filterQuery().size > 0;
  $('player-no-playing').hidden = games.playing.length > 0;
  $('player-no-finished').hidden = finished.length > 0 || filtered;
  $('player-filtered').hidden = finished.length > 0 || !filtered;
  $('player-playing').replaceChildren(...games.playing.map((g) => gameItem(g, shown.name)));
  $('player-finished').replaceChildren(...finished.map((g) => gameItem(g, shown.name)));
  // The downloads hold the games the filters show.
  const base = `/api/players/${encodeURIComponent(shown.name)}/records`;
  for (const format of ['text', 'json']) {
    const q = filterQuery();
    q.set('format', format);
    $(`export-${format}`).href = `${base}?${q}`;
  }
}

/** Reads the finished games the filters choose, and shows them. */
async function filterArchive() {
  const q = filterQuery();
  try {
    archive = q.size ? (await call('GET', `/api/players/${encodeURIComponent(shown.name)}/games?${q}`)).finished : null;
    $('player-error').textContent = '';
  } catch (err) {
    $('player-error').textContent = errorText(err);
  }
  renderGames();
}

async function showPlayer(name) {
  $('player').hidden = false;
  try {
    await loadPools();
    shown = await call('GET', `/api/players/${encodeURIComponent(name)}`);
    document.title = `${shown.name} · ${t('app.title')}`;
    renderPlayer();
    games = await call('GET', `/api/players/${encodeURIComponent(name)}/games`);
    renderGames();
    $('archive-filters').addEventListener('change', filterArchive);
  } catch (err) {
    $('player-name').textContent = name;
    $('player-error').textContent = errorText(err);
  }
}

function render() {
  if (!$('boards').hidden) fillPools();
  renderPlayer();
  renderGames();
}

async function start() {
  await setLanguage(preferred());
  languageSwitch($('lang'), render);
  const name = playerName();
  if (name) return showPlayer(name);
  $('boards').hidden = false;
  $('find-player').addEventListener('submit', (e) => {
    e.preventDefault();
    const typed = new FormData(e.target).get('name').trim();
    if (typed) location.href = `/@/${encodeURIComponent(typed)}`;
  });
  try {
    await loadPools();
  } catch (err) {
    $('boards-error').textContent = errorText(err);
    return;
  }
  fillPools();
  $('pool').addEventListener('change', showBoard);
  await showBoard();
}

start();
