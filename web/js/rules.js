// The rules page: texts from the catalogs, and the worked examples animated from the engine's
// traces (POST /api/trace).

import { call } from './api.js';
import { Board } from './board.js';
import { t, setLanguage, preferred, languageSwitch, describeEvent } from './i18n.js';

const EXAMPLES = [
  { key: 'ex1', position: '7,7,7,7,7,7,7/7,7,7,7,7,7,7 S 0 0', move: 1 },
  { key: 'ex2', position: '0,1,0,2,0,0,3/0,0,1,0,3,0,2 S 40 46', move: 2 },
  { key: 'ex3', position: '2,0,3,1,0,0,2/1,0,0,0,0,0,1 S 44 44', move: 1 },
  { key: 'ex4', position: '0,0,0,0,0,0,9/3,0,0,0,0,0,0 S 43 43', move: 7 },
  { key: 'ex5', position: 'x,x,x,x,x,x,8/1,0,3,1,0,3,1 S 5 40 3 33 2', move: 7 },
  { key: 'ex6', position: '0,0,0,0,0,1,0/0,2,0,0,0,0,0 S 60 35', move: 6 },
];

const boards = [];

function build() {
  const root = document.getElementById('examples');
  root.textContent = '';
  boards.length = 0;
  EXAMPLES.forEach((ex, i) => {
    const sec = document.createElement('section');
    sec.className = 'card example';
    sec.id = ex.key;
    const h = document.createElement('h3');
    h.textContent = t(`rules.${ex.key}.title`);
    const p = document.createElement('p');
    p.textContent = t(`rules.${ex.key}.text`);
    const code = document.createElement('p');
    code.className = 'small';
    code.innerHTML = '';
    code.append(t('rules.position') + ' ');
    const c = document.createElement('code');
    c.textContent = ex.position;
    code.appendChild(c);
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('class', 'board');
    svg.setAttribute('role', 'group');
    svg.setAttribute('aria-label', t('board.name'));
    const controls = document.createElement('div');
    controls.className = 'controls';
    const playBtn = document.createElement('button');
    playBtn.type = 'button';
    playBtn.className = 'play-example';
    playBtn.textContent = t('rules.play', { move: ex.move });
    const skipBtn = document.createElement('button');
    skipBtn.type = 'button';
    skipBtn.textContent = t('game.skip');
    const resetBtn = document.createElement('button');
    resetBtn.type = 'button';
    resetBtn.textContent = t('rules.reset');
    controls.append(playBtn, skipBtn, resetBtn);
    const log = document.createElement('ol');
    log.className = 'log';
    log.setAttribute('aria-live', 'polite');
    const result = document.createElement('p');
    result.className = 'small';
    sec.append(h, p, code, svg, controls, log, result);
    root.appendChild(sec);
    const board = new Board(svg, { t });
    board.speed = 3;
    boards[i] = board;
    let trace = null;
    const reset = async () => {
      trace = trace || (await call('POST', '/api/trace', { position: ex.position, move: ex.move }));
      board.setView(trace.before);
      log.textContent = '';
      result.textContent = '';
    };
    playBtn.addEventListener('click', async () => {
      playBtn.disabled = true;
      try {
        await reset();
        await board.animate(trace.events, (ev) => {
          const li = document.createElement('li');
          li.textContent = describeEvent(ev);
          log.appendChild(li);
          log.scrollTop = log.scrollHeight;
        });
        board.setView(trace.after);
        result.textContent = '';
        result.append(t('rules.result') + ' ');
        const rc = document.createElement('code');
        rc.textContent = trace.after.position;
        result.appendChild(rc);
      } catch (e) {
        result.textContent = String(e.message || e);
      }
      playBtn.disabled = false;
    });
    skipBtn.addEventListener('click', () => board.skip());
    resetBtn.addEventListener('click', () => reset().catch(() => {}));
    reset().catch((e) => (result.textContent = String(e.message || e)));
  });
}

async function main() {
  await setLanguage(preferred());
  languageSwitch(document.getElementById('lang'), build);
  build();
}

main();
