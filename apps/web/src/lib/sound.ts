/**
 * Piece sounds made with the Web Audio API (no files): a short wooden click for a move, a low tone for a refused
 * one. The audio context starts on the first sound (browsers allow it after a user gesture).
 */

let audio: AudioContext | null = null;

/**
 * Creates the audio context ahead of the first sound, when the page is idle: creating one blocks the main thread
 * (262 ms in headless Chromium here), which would otherwise land on the first move. It starts suspended until a
 * user gesture; playing resumes it, which is cheap.
 */
export function prepareAudio(): void {
  const create = () => {
    try {
      audio ??= new AudioContext();
    } catch {
      // no audio on this machine: the sounds stay silent
    }
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(create, { timeout: 3000 });
  else setTimeout(create, 500);
}

function context(): AudioContext | null {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
    return audio;
  } catch {
    return null;
  }
}

/** A stone, disc or marble set down: a burst of filtered noise with a fast decay. */
export function clickSound(volume: number): void {
  const a = context();
  if (!a || volume <= 0) return;
  const length = Math.floor(a.sampleRate * 0.05);
  const buffer = a.createBuffer(1, length, a.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * Math.exp(-i / (length / 8));
  const src = a.createBufferSource();
  src.buffer = buffer;
  const filter = a.createBiquadFilter();
  filter.type = 'bandpass';
  filter.frequency.value = 1800;
  filter.Q.value = 1.2;
  const gain = a.createGain();
  gain.gain.value = 0.9 * volume;
  src.connect(filter).connect(gain).connect(a.destination);
  src.start();
}

/** A refused move: a short low tone. */
export function refuseSound(volume: number): void {
  const a = context();
  if (!a || volume <= 0) return;
  const o = a.createOscillator();
  const g = a.createGain();
  o.frequency.value = 220;
  g.gain.setValueAtTime(0.16 * volume, a.currentTime);
  g.gain.exponentialRampToValueAtTime(0.0001, a.currentTime + 0.12);
  o.connect(g).connect(a.destination);
  o.start();
  o.stop(a.currentTime + 0.13);
}
