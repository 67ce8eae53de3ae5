import type { Page } from '@playwright/test';
import { userIdOf } from '../support/conversations';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';

/** What the page recorded of the audio eSpeak NG made and how it was played (see recordEngineAudio). */
type EngineAudio = {
  wavs: { type: string; sampleRate: number; seconds: number; peak: number }[];
  plays: { src: string; at: number }[];
  pauses: { at: number; currentTime: number }[];
  ends: number;
};

/**
 * Gives the page a speech synthesis without voices, as in OBS's browser source, and records the WAV files the
 * page makes (format, length, loudest sample) and the plays, pauses and ends of its audio elements.
 */
async function recordEngineAudio(page: Page) {
  await page.addInitScript(() => {
    const audio: EngineAudio = { wavs: [], plays: [], pauses: [], ends: 0 };
    Object.assign(window, { engineAudio: audio });
    window.speechSynthesis.getVoices = () => [];
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      if (object instanceof Blob && object.type.startsWith('audio/')) {
        void object.arrayBuffer().then((buffer) => {
          const view = new DataView(buffer);
          const text = (at: number) => String.fromCharCode(...new Uint8Array(buffer, at, 4));
          // A canonical WAV: "RIFF", "WAVE", the fmt chunk (16-bit samples), then the data chunk.
          const isWav = text(0) === 'RIFF' && text(8) === 'WAVE' && view.getUint16(34, true) === 16;
          const sampleRate = view.getUint32(24, true);
          const channels = view.getUint16(22, true);
          let peak = 0;
          for (let at = 44; at + 1 < buffer.byteLength; at += 2)
            peak = Math.max(peak, Math.abs(view.getInt16(at, true)));
          audio.wavs.push({
            type: isWav ? object.type : `not a WAV: ${object.type}`,
            sampleRate,
            seconds: (buffer.byteLength - 44) / (sampleRate * channels * 2),
            peak,
          });
        });
      }
      return createObjectURL(object);
    };
    const { play, pause } = HTMLMediaElement.prototype;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      audio.plays.push({ src: this.src, at: performance.now() });
      this.addEventListener('ended', () => audio.ends++);
      return play.call(this);
    };
    HTMLMediaElement.prototype.pause = function (this: HTMLMediaElement) {
      audio.pauses.push({ at: performance.now(), currentTime: this.currentTime });
      return pause.call(this);
    };
  });
}

const engineAudio = (page: Page) =>
  page.evaluate(() => (window as unknown as { engineAudio: EngineAudio }).engineAudio);

// A message that takes eSpeak NG well over the creator's limit to read.
const LONG_MESSAGE =
  'Thank you for every stream this year, the music nights were the best part of my week and I hope the new ' +
  'microphone makes the next season sound even better than the last one did for all of us';
const MAX_SECONDS = 2;

test("without the browser's voices, the overlay reads a message with eSpeak NG, cut at the creator's limit", async ({
  page,
  newBrowserPage,
}) => {
  test.setTimeout(120_000);
  const creator = await signUp(page);
  const origin = new URL(page.url()).origin;
  const settings = await page.request.patch('/api/gift-messages/settings', {
    data: { isSpeechOn: true, speechMaxSeconds: MAX_SECONDS },
    headers: { Origin: origin },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const { secret } = (await (await page.request.get('/api/overlay/settings')).json()) as { secret: string };

  const overlay = await newBrowserPage();
  await recordEngineAudio(overlay);
  await overlay.goto(`/overlay/${secret}`);
  await expect(overlay.locator('html[data-hydrated]')).toHaveCount(1);
  // OBS's browser source plays sound unasked; a browser tab plays it after the viewer has used the page once.
  await overlay.mouse.click(5, 5);

  const fan = await newBrowserPage();
  await signUp(fan);
  await topUpFromBalance(fan, 50, '50 tokens');
  const tip = await fan.request.post('/api/tips', {
    data: { recipientId: await userIdOf(fan, creator.handle), amount: 5, message: LONG_MESSAGE },
    headers: { Origin: new URL(fan.url()).origin },
  });
  expect(tip.status(), await tip.text()).toBe(201);

  await expect(overlay.getByTestId('overlay-alert-message')).toHaveText(`“${LONG_MESSAGE}”`);
  // The bundled engine loads on this first message (megabytes of WebAssembly): give it time.
  await expect.poll(async () => (await engineAudio(overlay)).pauses.length, { timeout: 60_000 }).toBeGreaterThan(0);
  const { wavs, plays, pauses, ends } = await engineAudio(overlay);
  // The engine made speech: a WAV of the whole message, not silence, longer than the limit allows.
  expect(wavs).toEqual([
    { type: 'audio/wav', sampleRate: 22_050, seconds: expect.any(Number), peak: expect.any(Number) },
  ]);
  expect(wavs[0]?.seconds).toBeGreaterThan(MAX_SECONDS * 2);
  expect(wavs[0]?.peak).toBeGreaterThan(1_000);
  // The page played it, and stopped it at the creator's limit, before it could end by itself.
  expect(plays).toEqual([{ src: expect.stringMatching(/^blob:/), at: expect.any(Number) }]);
  expect(ends).toBe(0);
  expect((pauses[0]?.at ?? 0) - (plays[0]?.at ?? 0)).toBeGreaterThanOrEqual(MAX_SECONDS * 1_000 - 50);
  expect(pauses[0]?.currentTime).toBeGreaterThan(0);
  expect(pauses[0]?.currentTime).toBeLessThanOrEqual(MAX_SECONDS + 1);
  // Its reading over, the alert leaves.
  await expect(overlay.getByTestId('overlay-alert')).toHaveCount(0, { timeout: 15_000 });
});
