// The clocks of a timed game (docs/API.md, "Timed games"), for both games: each player's time,
// the running one counting down smoothly to the deadline the server gave, a low-time warning,
// and words for screen readers at sensible moments (when a player's time falls under a minute
// and under ten seconds, in correspondence under a day and under an hour, and when it runs
// out), not every second. The server's clock is the
// judge: the page counts with the device's clock.

import { t, element, formatNumber } from './i18n.js';

/** Time below which a real-time clock shows tenths and turns red, in ms. */
const LOW_MS = 10_000;
/** Thresholds announced once each per turn, in ms. */
const TOLD_AT = [60_000, 10_000];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** In correspondence, thresholds worth a word: a day left (of three or seven), an hour. */
const TOLD_AT_CORRESPONDENCE = [DAY, HOUR];

/** `ms` as a clock shows it: `4:05`, `0:07.3` under ten seconds; days and hours, or hours
 *  and minutes, for days a move. */
export function clockText(ms, correspondence) {
  const left = Math.max(0, ms);
  if (correspondence && left >= DAY) return t('clock.daysHours', { d: Math.floor(left / DAY), h: Math.floor((left % DAY) / HOUR) });
  if (correspondence && left >= HOUR) return t('clock.hoursMinutes', { h: Math.floor(left / HOUR), m: Math.floor((left % HOUR) / 60_000) });
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  const two = (n) => formatNumber(n, { minimumIntegerDigits: 2 });
  if (left < LOW_MS) return `${formatNumber(minutes)}:${two(seconds)}.${formatNumber(Math.floor((left % 1000) / 100))}`;
  return `${formatNumber(minutes)}:${two(seconds)}`;
}

/**
 * The clocks in `box`: `names()` gives each player's name by index, `announce(text)` speaks.
 * Returns {show(clock)}, called with the game object's `clock` (or undefined) whenever it
 * changes.
 */
export function startClocks(box, names, announce) {
  let clock = null;
  let told = new Set();
  let turn = null;
  /** The running player's time when their turn began, in ms. */
  let turnStart = 0;
  let timer = null;

  const leftOf = (i) => (clock.running === i ? clock.deadline - Date.now() : clock.left_ms[i]);

  function tick() {
    if (!clock) return;
    const correspondence = clock.control.endsWith('d');
    const who = names();
    box.querySelectorAll('.clock').forEach((el, i) => {
      const left = leftOf(i);
      const low = correspondence ? left < HOUR : left < LOW_MS;
      el.querySelector('.clock-time').textContent = clockText(left, correspondence);
      el.classList.toggle('running', clock.running === i);
      el.classList.toggle('low', low && (clock.running === i || clock.timed_out === i));
      el.classList.toggle('flagged', clock.timed_out === i || (clock.running === i && left <= 0));
      if (clock.running === i) {
        // A correspondence turn that starts under a threshold is not told it (a day a move
        // starts at a day).
        for (const at of correspondence ? TOLD_AT_CORRESPONDENCE : TOLD_AT) {
          if (left < at && left > 0 && !told.has(at) && (!correspondence || turnStart >= at)) {
            told.add(at);
            announce(t('clock.lowTime', { player: who[i], time: clockText(left, correspondence) }));
          }
        }
      }
    });
  }

  function show(next) {
    clock = next || null;
    box.hidden = !clock;
    clearInterval(timer);
    timer = null;
    if (!clock) return;
    if (clock.running !== turn) {
      turn = clock.running;
      told = new Set();
      turnStart = turn === null || turn === undefined ? 0 : leftOf(turn);
    }
    const who = names();
    if (box.children.length !== clock.left_ms.length) {
      box.replaceChildren(
        ...clock.left_ms.map(() => element('div', { className: 'clock' }, element('span', { className: 'clock-name' }), element('span', { className: 'clock-time' }))),
      );
    }
    box.querySelectorAll('.clock-name').forEach((el, i) => {
      el.textContent = who[i];
    });
    box.setAttribute('aria-label', t('clock.label', { control: clock.control }));
    if (clock.timed_out !== null && clock.timed_out !== undefined) announce(t('clock.timedOut', { player: who[clock.timed_out] }));
    tick();
    // A tenth of a second: smooth enough for the tenths shown under ten seconds.
    if (clock.running !== null && clock.running !== undefined) timer = setInterval(tick, 100);
  }

  return { show };
}
