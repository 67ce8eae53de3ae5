/**
 * A short two-note chime made with the Web Audio API: no sound file to host or load. OBS and Streamlabs
 * browser sources may play audio without a click; elsewhere the browser may keep it silent.
 */
let context: AudioContext | undefined;

export function playAlertSound(): void {
  if (typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const ctx = context;
  void ctx.resume().catch(() => {});
  const notes = [
    { frequency: 880, at: 0 },
    { frequency: 1318.5, at: 0.12 },
  ];
  for (const { frequency, at } of notes) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    const start = ctx.currentTime + at;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.45);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + 0.5);
  }
}
