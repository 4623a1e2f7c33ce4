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

function numberFormat(code, options = {}) {
  const digits = LANGUAGES.find((l) => l.code === code)?.digits || 'latn';
  return new Intl.NumberFormat(code, { numberingSystem: digits, ...options });
}

/** A number written for the page's language (`options` as for Intl.NumberFormat). */
export function formatNumber(n, options) {
  return (options ? numberFormat(current, options) : numbers).format(n);
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
  document.documentElement.lang = code;
  localStorage.setItem('rajapasu.lang', code);
  apply(document);
}

export function language() {
  return current;
}

/** The message `key`, with `{name}` replaced from `params` (numbers written for the language). */
export function t(key, params = {}) {
  let s = catalog[key] ?? fallback[key] ?? key;
  for (const [k, v] of Object.entries(params)) {
    s = s.split(`{${k}}`).join(typeof v === 'number' ? formatNumber(v) : String(v));
  }
  return s;
}

/** Fills elements marked data-i18n (text), data-i18n-aria (aria-label), data-i18n-title,
 *  data-i18n-placeholder. */
export function apply(root) {
  for (const e of root.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll('[data-i18n-aria]')) e.setAttribute('aria-label', t(e.dataset.i18nAria));
  for (const e of root.querySelectorAll('[data-i18n-title]')) e.setAttribute('title', t(e.dataset.i18nTitle));
  for (const e of root.querySelectorAll('[data-i18n-placeholder]')) e.setAttribute('placeholder', t(e.dataset.i18nPlaceholder));
  if (document.title && root === document) {
    const k = document.querySelector('title')?.dataset.i18nKey;
    if (k) document.title = t(k);
  }
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
  const header = document.getElementById('top');
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
