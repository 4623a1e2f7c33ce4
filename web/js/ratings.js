// Ratings as the pages show them: the pools and their names, a rating with its question mark
// while provisional. docs/RATINGS.md.

import { t, formatNumber } from './i18n.js';

/** The rating pools, in the server's order. */
export const POOLS = ['round-realtime', 'round-correspondence', 'match-realtime', 'match-correspondence', 'mandiri-realtime', 'mandiri-correspondence'];

/** A pool's name for people: "Single round · real-time". */
export function poolName(pool) {
  const [variant, speed] = pool.split('-');
  return `${t(`rating.variant.${variant}`)} · ${t(`rating.speed.${speed}`)}`;
}

/** A rating as a number is written in the page's language, without grouping (1662). */
export function ratingNumber(n) {
  return formatNumber(n, { useGrouping: false });
}

/** A rating as shown: rounded, with a question mark while provisional. */
export function ratingText(r) {
  return `${ratingNumber(Math.round(r.rating))}${r.provisional ? '?' : ''}`;
}
