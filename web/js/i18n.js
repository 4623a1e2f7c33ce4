// Message catalogs: every text of the pages comes from /assets/i18n/<lang>.json.

/** The page's languages: code, name in the language itself, and the digits its numbers are
 *  written with (a Unicode numbering system; docs/GLOSSARY.md says why). */
export const LANGUAGES = [
  { code: 'en', name: 'English', digits: 'latn' },
  { code: 'bn', name: 'বাংলা', digits: 'beng' },
  { code: 'et', name: 'Eesti', digits: 'latn' },
  { code: 'si', name: 'සිංහල', digits: 'latn' },
  { code: 'ta', name: 'தமிழ்', digits: 'latn' },
];

let catalog = {};
let fallback = {};
let current = 'en';
let numbers = new Intl.NumberFormat('en');
let plurals = new Intl.PluralRules('en');

function numberFormat(code, options = {}) {
  const digits = LANGUAGES.find((l) => l.code === code)?.digits || 'latn';
  return new Intl.NumberFormat(code, { numberingSystem: digits, ...options });
}

/** A number written for the page's language (`options` as for Intl.NumberFormat). */
export function formatNumber(n, options) {
  return (options ? numberFormat(current, options) : numbers).format(n);
}

/** The locale dates are written in for each language where its own would be ambiguous:
 *  English as in Sri Lanka, India and Britain, day before month ("5 Dec 2026", never
 *  "12/5/2026"). */
const DATE_LOCALE = { en: 'en-GB' };

/**
 * A moment (`seconds` since 1970, as the server gives them) written for the page's language, in
 * its digits, the month by name so that no reader takes the day for the month: "5 Dec 2026",
 * with the time of day when `time` ("5 Dec 2026, 14:30").
 */
export function formatDate(seconds, { time = false } = {}) {
  const locale = DATE_LOCALE[current] || current;
  const when = new Date(seconds * 1000);
  // A browser without the language's calendar words would write the date in its own (often
  // American) way: the catalog's month names and order then.
  if (!Intl.DateTimeFormat.supportedLocalesOf([locale]).length) {
    const date = t('date.pattern', { day: when.getDate(), month: t('date.months').split(' ')[when.getMonth()], year: formatNumber(when.getFullYear(), { useGrouping: false }) });
    if (!time) return date;
    const two = (n) => formatNumber(n, { minimumIntegerDigits: 2 });
    return `${date}, ${formatNumber(when.getHours())}:${two(when.getMinutes())}`;
  }
  const digits = LANGUAGES.find((l) => l.code === current)?.digits || 'latn';
  const options = { day: 'numeric', month: 'short', year: 'numeric', numberingSystem: digits };
  // The day's 24 hours, which every language writes in its digits alone (no "AM" in English
  // letters on a Bengali or Tamil page).
  if (time) Object.assign(options, { hour: 'numeric', minute: '2-digit', hourCycle: 'h23' });
  return new Intl.DateTimeFormat(locale, options).format(when);
}

async function load(code) {
  const r = await fetch(`/assets/i18n/${code}.json`);
  return r.ok ? r.json() : {};
}

/** The language from the saved choice, else the browser's languages, else English. */
export function preferred() {
  const saved = localStorage.getItem('rajapasu.lang');
  if (saved && LANGUAGES.some((l) => l.code === saved)) return saved;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const code = String(l).toLowerCase().split('-')[0];
    if (LANGUAGES.some((x) => x.code === code)) return code;
  }
  return 'en';
}

export async function setLanguage(code) {
  if (!fallback.__loaded) {
    fallback = await load('en');
    fallback.__loaded = true;
  }
  catalog = code === 'en' ? fallback : await load(code);
  current = code;
  numbers = numberFormat(code);
  plurals = new Intl.PluralRules(code);
  document.documentElement.lang = code;
  localStorage.setItem('rajapasu.lang', code);
  apply(document);
}

export function language() {
  return current;
}

/**
 * The message `key` with its `{placeholders}` filled from `params` (numbers written for the
 * page's language). A message about an amount — `params.count`, else `params.n` — has the
 * catalog's form for that number where it has one: `key#one` for "1 counter" beside `key`'s
 * "7 counters", the forms being those of Intl.PluralRules for the language (a language whose
 * message reads right for every number, as Sinhala's "ඇට {count}", needs none).
 */
export function t(key, params = {}) {
  const amount = typeof params.count === 'number' ? params.count : typeof params.n === 'number' ? params.n : null;
  const form = amount === null ? null : `${key}#${plurals.select(amount)}`;
  const pick = (messages) => (form !== null ? messages[form] : undefined) ?? messages[key];
  let s = pick(catalog) ?? pick(fallback) ?? key;
  for (const [k, v] of Object.entries(params)) {
    s = s.split(`{${k}}`).join(typeof v === 'number' ? formatNumber(v) : String(v));
  }
  return s;
}

/** Fills elements marked data-i18n (text, in the words of the page's pointer: pointerWords),
 *  data-i18n-aria (aria-label), data-i18n-title, data-i18n-placeholder. */
export function apply(root) {
  for (const e of root.querySelectorAll('[data-i18n]')) e.textContent = pointerWords(e.dataset.i18n);
  for (const e of root.querySelectorAll('[data-i18n-aria]')) e.setAttribute('aria-label', t(e.dataset.i18nAria));
  for (const e of root.querySelectorAll('[data-i18n-title]')) e.setAttribute('title', t(e.dataset.i18nTitle));
  for (const e of root.querySelectorAll('[data-i18n-placeholder]')) e.setAttribute('placeholder', t(e.dataset.i18nPlaceholder));
  if (document.title && root === document) {
    const k = document.querySelector('title')?.dataset.i18nKey;
    if (k) document.title = t(k);
  }
}

/** Whether the page's main pointer is a finger (a phone's touch screen): its words say "tap". */
const FINGER = typeof window !== 'undefined' ? window.matchMedia('(pointer: coarse)') : { matches: false };

/** The message `key` in the words of the page's pointer: `keyTap` ("Tap the hole") on a touch
 *  screen where the catalogs have it, else `key` ("Click the hole"). */
export function pointerWords(key, params) {
  const tap = `${key}Tap`;
  return t(FINGER.matches && (catalog[tap] ?? fallback[tap]) !== undefined ? tap : key, params);
}

/** The message `key`, or `fallback` where no catalog has one (a name that only the server knows). */
export function translated(key, fallback) {
  return t(key) !== key ? t(key) : fallback;
}

/** An HTML element of the page (every page loads this module): `props` are its properties
 *  (textContent, type, className…) or, where a name holds a dash, its attributes (aria-label,
 *  data-…); `children` are appended to it. */
export function element(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k.includes('-')) e.setAttribute(k, v);
    else e[k] = v;
  }
  e.append(...children);
  return e;
}

/** Fills `select` with `options` ({value, text}), keeping the value `keep` chosen. */
export function fillSelect(select, options, keep) {
  select.replaceChildren(...options.map(({ value, text }) => element('option', { value, textContent: text })));
  select.value = keep;
}

/** The header's menu button (a phone's header, style.css): opens and closes the links and the
 *  language switch; Escape closes them and gives the button the focus back. */
function headerMenu() {
  const button = document.getElementById('menu-button');
  const header = document.querySelector('header.top');
  if (!button || !header || button.dataset.wired) return;
  button.dataset.wired = 'yes';
  const open = (on) => {
    header.classList.toggle('open', on);
    button.setAttribute('aria-expanded', String(on));
  };
  button.addEventListener('click', () => open(!header.classList.contains('open')));
  header.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && header.classList.contains('open')) {
      open(false);
      button.focus();
    }
  });
}

/** Fills a <select> with the languages and switches on change; every page calls it once, and
 *  with it the header's menu is wired. */
export function languageSwitch(select, onChange) {
  headerMenu();
  fillSelect(select, LANGUAGES.map((l) => ({ value: l.code, text: l.name })), current);
  select.addEventListener('change', async () => {
    await setLanguage(select.value);
    onChange?.();
  });
}

/** Who the sentences speak of: nobody's own side, each side by its name (the rules page, the
 *  tutorial, the analysis board). */
const NEUTRAL = { me: null, name: (side) => t(`side.${side}`) };

/**
 * A round's result, from the side of `who.me` when it is set: "You win the round 54 to 44.",
 * "The computer wins the round 54 to 44.", "The round is drawn, 49 each."
 * @param {{winner: string|null, captured: {south: number, north: number}}} r
 * @param {{me: string|null, name: (side: string, inSentence?: boolean) => string}} who
 */
export function roundSentence(r, who = NEUTRAL) {
  const c = r.captured;
  if (!r.winner) return t('result.roundDrawnEach', { n: c.south });
  const loser = r.winner === 'south' ? 'north' : 'south';
  if (who.me === r.winner) return t('result.roundYou', { mine: c[r.winner], theirs: c[loser] });
  return t('result.roundOther', { winner: who.name(r.winner), w: c[r.winner], l: c[loser] });
}

/**
 * A sentence for one trace event, for the live region, the explanation and the rules page.
 * `who` says which side is the reader's own (told as "you") and how the others are named
 * (`name(side, true)` for a name inside a sentence: "the computer" there, "The computer" first).
 */
export function describeEvent(ev, who = NEUTRAL) {
  const mine = (s) => who.me !== null && who.me === s;
  switch (ev.event) {
    case 'lift':
      return t(ev.relay ? 'ev.relay' : 'ev.lift', { hole: ev.hole, count: ev.count });
    case 'drop':
      return t('ev.drop', { hole: ev.hole, count: ev.count });
    case 'four':
      if (mine(ev.to)) return t('ev.fourYou', { hole: ev.hole });
      return t('ev.four', { hole: ev.hole, to: who.name(ev.to, true) });
    case 'four_left':
      return t('ev.fourLeft', { hole: ev.hole });
    case 'pussa':
      if (mine(ev.by)) return t('ev.pussaYou', { hole: ev.hole, count: ev.count });
      return t('ev.pussa', { hole: ev.hole, count: ev.count, by: who.name(ev.by, true) });
    case 'no_capture':
      return t('ev.noCapture', { hole: ev.empty });
    case 'endless_stop':
      return t('ev.endless', { hole: ev.hole });
    case 'round_end':
      return `${t(ev.reason === 'repetition' ? 'ev.roundEndByRepetition' : 'ev.roundEndByNoMoves')} ${roundSentence(ev, who)}`;
    case 'refill': {
      const lead = mine(ev.leader) ? t('ev.leadsYou') : t('ev.leads', { player: who.name(ev.leader) });
      const fill = who.me
        ? t('ev.refillYou', {
          round: ev.round,
          mine: ev.filled[who.me],
          other: who.name(who.me === 'south' ? 'north' : 'south', true),
          theirs: ev.filled[who.me === 'south' ? 'north' : 'south'],
        })
        : t('ev.refillNamed', {
          round: ev.round,
          south: who.name('south', true),
          s: ev.filled.south,
          north: who.name('north', true),
          n: ev.filled.north,
        });
      return `${fill} ${lead}`;
    }
    case 'game_over':
      if (!ev.winner) return t('ev.gameDrawn');
      if (mine(ev.winner)) return t('ev.gameOverYou');
      return t('ev.gameOver', { winner: who.name(ev.winner, true) });
    default:
      return '';
  }
}
