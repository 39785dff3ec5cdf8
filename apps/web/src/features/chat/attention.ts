import { TITLE_BLINK_MS } from '@lobby/contract';

// What tells a person in another tab or on another page that a message came: the tab title
// blinking while anything is unread (contract.md section 9) and a short sound.

export interface BlinkTimers {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: unknown) => void;
}

const browserTimers: BlinkTimers = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof globalThis.setInterval>),
};

/**
 * Switches the title between `text` and the page's own title every TITLE_BLINK_MS, starting with
 * `text`; the returned function stops and puts the page's title back. A title the page sets
 * meanwhile (another page opened) becomes the one restored.
 */
export function blinkTitle(doc: { title: string }, text: string, timers: BlinkTimers = browserTimers, interval = TITLE_BLINK_MS): () => void {
  let base = doc.title;
  const tick = () => {
    if (doc.title === text) doc.title = base;
    else {
      base = doc.title;
      doc.title = text;
    }
  };
  tick();
  const id = timers.setInterval(tick, interval);
  return () => {
    timers.clearInterval(id);
    if (doc.title === text) doc.title = base;
  };
}

type AudioContextClass = typeof AudioContext;
let audio: AudioContext | null = null;
let lastPlayed = 0;
/** A burst of messages makes one sound. */
const SOUND_GAP_MS = 1000;

function audioContext(): AudioContext | null {
  if (audio) return audio;
  const Context: AudioContextClass | undefined = window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context) return null;
  audio = new Context();
  return audio;
}

/**
 * Browsers keep sound off until the person has interacted with the page: the first key or tap
 * wakes the audio context up, so later messages can be heard.
 */
export function primeSound(): () => void {
  const wake = () => {
    try {
      void audioContext()
        ?.resume()
        .catch(() => {});
    } catch {
      // No audio on this device: messages stay silent.
    }
  };
  window.addEventListener('pointerdown', wake, { once: true });
  window.addEventListener('keydown', wake, { once: true });
  return () => {
    window.removeEventListener('pointerdown', wake);
    window.removeEventListener('keydown', wake);
  };
}

/** Two short rising notes, made on the spot (no sound file to download). */
export function playMessageSound(now = Date.now()): void {
  if (now - lastPlayed < SOUND_GAP_MS) return;
  lastPlayed = now;
  try {
    const context = audioContext();
    if (!context || context.state !== 'running') return;
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.11, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.12, start + offset + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.1);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.12);
    }
  } catch {
    // Sound is a nicety: a device without it just stays quiet.
  }
}
