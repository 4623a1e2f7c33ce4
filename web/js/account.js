// The account page, `/account`: register (the games of this browser move to the account), log
// in, and once in: the account's games (kept in this browser too, so that the Play pages list
// them), log out here or everywhere, change the password. docs/API.md, "Accounts".

import { call, errorText, seats, mandiriSeats, markSignedIn, guestPuzzleRating, forgetGuestPuzzleRating } from './api.js';
import { ratingText } from './ratings.js';
import { t, setLanguage, preferred, languageSwitch, element, formatDate } from './i18n.js';

const $ = (id) => document.getElementById(id);
let account = null;

/** This browser's seats, as the registration moves them. */
function guestSeats() {
  const of = (store, game) => Object.entries(store.all()).map(([id, s]) => ({ game, id, token: s.token }));
  return [...of(seats, 'raja_pasu'), ...of(mandiriSeats, 'mandiri')].filter((s) => s.token).slice(0, 100);
}

/** Keeps the account's games in this browser, as if played here: the Play pages list them.
 *  Without their tokens (the server keeps none to give): a game's page asks the account for
 *  the seat (gamepage.js) when it opens. */
function keepGames(games) {
  for (const g of games) {
    const store = g.game === 'mandiri' ? mandiriSeats : seats;
    if (!store.get(g.id)) store.set(g.id, { kind: 'online', created: g.since });
  }
}

function gameLink(g) {
  const page = g.game === 'mandiri' ? '/m' : '/g';
  const name = t(g.game === 'mandiri' ? 'm.title' : 'app.title');
  const when = formatDate(g.since, { time: true });
  return element('li', {}, element('a', { href: `${page}/${g.id}`, textContent: `${name} · ${when}` }));
}

function render() {
  $('signed-out').hidden = Boolean(account);
  $('signed-in').hidden = !account;
  if (!account) return;
  $('account-name').textContent = account.name;
  $('account-page').href = `/@/${encodeURIComponent(account.name)}`;
  $('account-since').textContent = t('account.since', { date: formatDate(account.created) });
  const pr = account.puzzle_rating;
  $('account-puzzle-rating').hidden = !pr;
  $('account-puzzle-rating').textContent = pr ? t('players.puzzleRating', { rating: ratingText(pr) }) : '';
  $('account-no-games').hidden = account.games.length > 0;
  $('account-games').replaceChildren(...account.games.map(gameLink));
}

async function refresh() {
  const r = await call('GET', '/api/account');
  account = r.account;
  markSignedIn(Boolean(account));
  if (account) keepGames(account.games);
  render();
  // The header's corner (header.js) follows a login or a logout at once.
  document.dispatchEvent(new CustomEvent('rajapasu:games'));
}

/** Sends a form's request; its errors go to `errorBox` in the page's language. */
function onSubmit(form, errorBox, send) {
  $(form).addEventListener('submit', async (e) => {
    e.preventDefault();
    const button = e.target.querySelector('button[type="submit"]');
    button.disabled = true;
    $(errorBox).textContent = '';
    try {
      await send(new FormData(e.target));
      e.target.reset();
    } catch (err) {
      $(errorBox).textContent = errorText(err);
    } finally {
      button.disabled = false;
    }
  });
}

async function start() {
  await setLanguage(preferred());
  languageSwitch($('lang'), render);
  onSubmit('register-form', 'register-error', async (fd) => {
    // The guest's puzzle rating goes with it, once: the account keeps it if it has none, and
    // this browser forgets it.
    await call('POST', '/api/account/register', { name: fd.get('name'), password: fd.get('password'), games: guestSeats(), puzzle_rating: guestPuzzleRating() });
    forgetGuestPuzzleRating();
    await refresh();
  });
  onSubmit('login-form', 'login-error', async (fd) => {
    await call('POST', '/api/account/login', { name: fd.get('name'), password: fd.get('password'), puzzle_rating: guestPuzzleRating() });
    forgetGuestPuzzleRating();
    await refresh();
  });
  onSubmit('password-form', 'password-error', async (fd) => {
    $('password-done').textContent = '';
    await call('POST', '/api/account/password', { old: fd.get('old'), new: fd.get('new') });
    $('password-done').textContent = t('account.passwordChanged');
  });
  for (const [id, path] of [['logout', '/api/account/logout'], ['logout-everywhere', '/api/account/logout-everywhere']]) {
    $(id).addEventListener('click', async () => {
      $('logout-error').textContent = '';
      try {
        await call('POST', path);
        await refresh();
      } catch (err) {
        $('logout-error').textContent = errorText(err);
      }
    });
  }
  try {
    await refresh();
  } catch (err) {
    $('signed-out').hidden = false;
    $('login-error').textContent = errorText(err);
  }
}

start();
