// Ratings as the pages show them: the pools and their names, a rating with its question mark
// while provisional. docs/RATINGS.md.

import { call } from './api.js';
import { t, formatNumber } from './i18n.js';

/** The rating pools, in the server's order, once `loadPools` has read them (`GET /api/pools`:
 *  the rating crate's one list). */
export const POOLS = [];

/** Reads the pools from the server into `POOLS`, once. */
export async function loadPools() {
  if (!POOLS.length) POOLS.push(...(await call('GET', '/api/pools')).pools);
  return POOLS;
}

/** A pool's name for people: "Single round · blitz". A game rated before blitz and rapid were
 *  told apart names its variant's old real-time pool: "Single round · real-time". */
export function poolName(pool) {
  const [variant, speed] = pool.split('-');
  return `${t(`rating.variant.${variant}`)} · ${t(`rating.speed.${speed}`)}`;
}

/** The speed of a pool's name: `blitz`, `rapid`, `correspondence` (or the old `realtime`). */
export function poolSpeed(pool) {
  return pool.split('-')[1];
}

/** Whether a line of history rated in `rated` counts in the pool `pool`: its own, and a
 *  variant's old real-time pool in both its blitz and rapid pools, which carry its ratings on
 *  (docs/RATINGS.md). */
export function countsIn(rated, pool) {
  const [variant, speed] = pool.split('-');
  return rated === pool || (rated === `${variant}-realtime` && (speed === 'blitz' || speed === 'rapid'));
}

/** The speed each of `clocks` ("3+2", "1d") is rated at, as the server classifies them: an
 *  object from clock to speed; empty when the server cannot be asked. */
export async function clockSpeeds(clocks) {
  try {
    const r = await call('GET', `/api/pools?clocks=${encodeURIComponent(clocks.join(','))}`);
    return r.speeds;
  } catch {
    return {};
  }
}

/** A rating as a number is written in the page's language, without grouping (1662). */
export function ratingNumber(n) {
  return formatNumber(n, { useGrouping: false });
}

/** A rating as shown: rounded, with a question mark while provisional. */
export function ratingText(r) {
  return `${ratingNumber(Math.round(r.rating))}${r.provisional ? '?' : ''}`;
}
