// Sounds for drops and captures, synthesized in the page with WebAudio (no sound files): off
// until the player turns them on, and the choice is remembered.

const KEY = 'rajapasu.sound';
let ctx = null;
let last = 0;

export function soundOn() {
  return localStorage.getItem(KEY) === 'on';
}

export function setSound(on) {
  localStorage.setItem(KEY, on ? 'on' : 'off');
  // A browser lets a page make sound only after a click: the context is made by the switch.
  if (on && !ctx && window.AudioContext) ctx = new AudioContext();
  ctx?.resume?.();
}

/** One short tone: a wooden click for a drop, a falling pair for a capture. */
function tone(freq, at, length, gain) {
  const o = ctx.createOscillator();
  const g = ctx.createGain();
  o.type = 'triangle';
  o.frequency.setValueAtTime(freq, at);
  g.gain.setValueAtTime(gain, at);
  g.gain.exponentialRampToValueAtTime(0.0001, at + length);
  o.connect(g).connect(ctx.destination);
  o.start(at);
  o.stop(at + length + 0.02);
}

/** The sound of one trace event, if sound is on. */
export function play(ev) {
  if (!soundOn() || !ctx || ctx.state !== 'running') return;
  const now = ctx.currentTime;
  if (ev.event === 'drop') {
    // Fast moves drop many counters a second: at most one click every 30 ms.
    if (now - last < 0.03) return;
    last = now;
    tone(520 + 30 * Math.min(ev.count, 10), now, 0.05, 0.15);
  } else if (ev.event === 'four' || ev.event === 'pussa') {
    tone(880, now, 0.12, 0.2);
    tone(660, now + 0.1, 0.18, 0.2);
  } else if (ev.event === 'round_end') {
    tone(440, now, 0.25, 0.2);
    tone(660, now + 0.2, 0.35, 0.2);
  }
}

// After a reload the sound may be on already: the first click or key of the page (a browser
// allows sound only after one) makes the context.
for (const type of ['pointerdown', 'keydown']) {
  document.addEventListener(type, () => {
    if (soundOn() && !ctx && window.AudioContext) ctx = new AudioContext();
    if (ctx && ctx.state === 'suspended') ctx.resume();
  });
}
