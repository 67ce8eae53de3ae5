import type { OverlayState } from '@sweetwish/shared/overlay';

/** The creator's speech settings, as the overlay's state carries them (decision 100). */
export type SpeechSettings = NonNullable<OverlayState['speech']>;

/** A message being read aloud: `done` settles when it ends, is cut at the time limit, or is stopped. */
export type Speaking = { done: Promise<void>; stop: () => void };

const NOTHING: Speaking = { done: Promise.resolve(), stop: () => {} };

/** Whether the alert's message is read aloud: speech on, a message, a gift of at least the minimum. */
export function shouldSpeak(
  speech: SpeechSettings | null,
  alert: { message: string | null; amountCents: number; isTest: boolean },
): speech is SpeechSettings {
  if (!speech || !alert.message) return false;
  return alert.isTest || alert.amountCents >= speech.minTokens * 100;
}

/** The browser's voices, once it has listed them (Chromium lists them after a moment, or never in OBS). */
function browserVoices(synth: SpeechSynthesis): Promise<SpeechSynthesisVoice[]> {
  const now = synth.getVoices();
  if (now.length > 0) return Promise.resolve(now);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(synth.getVoices()), 1_000);
    synth.addEventListener(
      'voiceschanged',
      () => {
        clearTimeout(timer);
        resolve(synth.getVoices());
      },
      { once: true },
    );
  });
}

function speakWithBrowser(synth: SpeechSynthesis, voices: SpeechSynthesisVoice[], text: string, s: SpeechSettings) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const utterance = new SpeechSynthesisUtterance(text);
  const voice = voices.find((v) => v.name === s.voice);
  if (voice) utterance.voice = voice;
  utterance.volume = s.volume / 100;
  utterance.onend = () => finish();
  utterance.onerror = () => finish();
  synth.speak(utterance);
  return { done, stop: () => synth.cancel(), finish };
}

/**
 * Reads a fan's message aloud (decision 100): with the browser's speech synthesis where it has voices,
 * otherwise with eSpeak NG compiled to WebAssembly, loaded by the overlay only when needed (OBS's browser
 * source has no voices). Stops after the creator's maximum seconds, or when stopped (the control page's Skip).
 */
export function speakMessage(text: string, settings: SpeechSettings): Speaking {
  let stopped = false;
  let current: Speaking = NOTHING;
  let limit: ReturnType<typeof setTimeout> | undefined;
  const done = (async () => {
    const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
    const voices = synth ? await browserVoices(synth) : [];
    if (stopped) return;
    if (synth && voices.length > 0) {
      const speaking = speakWithBrowser(synth, voices, text, settings);
      current = speaking;
    } else {
      const { speakWithEspeak } = await import('./espeak-speech');
      if (stopped) return;
      current = await speakWithEspeak(text, settings.volume / 100);
    }
    limit = setTimeout(() => current.stop(), settings.maxSeconds * 1_000);
    await current.done;
  })()
    .catch(() => {})
    .finally(() => clearTimeout(limit));
  return {
    done,
    stop: () => {
      stopped = true;
      current.stop();
    },
  };
}
