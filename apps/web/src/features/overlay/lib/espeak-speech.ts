import ESpeakNg from 'espeak-ng';
import type { Speaking } from './speech';

/**
 * eSpeak NG compiled to WebAssembly (the espeak-ng package): the overlay's voice where the browser has
 * none, as in OBS's browser source (decision 100). It writes the speech to a WAV file in its own memory
 * file system; the page plays it. Loaded with import() by speech.ts only, so nothing else downloads it.
 */
export async function speakWithEspeak(text: string, volume: number): Promise<Speaking> {
  // From a file, not the command line: a message that starts with "-" is words, not an option.
  const espeak = await ESpeakNg({
    arguments: ['-w', 'message.wav', '-v', 'en-us', '-f', 'message.txt'],
    preRun: [(module) => module.FS.writeFile('message.txt', text)],
  });
  const wav = new Uint8Array(espeak.FS.readFile('message.wav'));
  const url = URL.createObjectURL(new Blob([wav], { type: 'audio/wav' }));
  const audio = new Audio(url);
  audio.volume = volume;
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  audio.onended = () => finish();
  audio.onerror = () => finish();
  await audio.play().catch(() => finish());
  void done.then(() => URL.revokeObjectURL(url));
  return {
    done,
    stop: () => {
      audio.pause();
      finish();
    },
  };
}
