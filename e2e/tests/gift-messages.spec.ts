import type { Page } from '@playwright/test';
import { userIdOf } from '../support/conversations';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';

/**
 * Replaces the page's speech synthesis with one that has a voice and records every utterance (decision
 * 100): `endSpeech()` ends the reading under way, as a real voice would when done.
 */
async function recordSpeech(page: Page) {
  await page.addInitScript(() => {
    const spoken: { text: string; volume: number }[] = [];
    let current: SpeechSynthesisUtterance | null = null;
    const end = () => {
      const utterance = current;
      current = null;
      utterance?.onend?.(new Event('end') as SpeechSynthesisEvent);
    };
    const synth = {
      getVoices: () => [{ name: 'Test Voice', lang: 'en-US', default: true, localService: true, voiceURI: 'test' }],
      speak: (utterance: SpeechSynthesisUtterance) => {
        current = utterance;
        spoken.push({ text: utterance.text, volume: utterance.volume });
      },
      cancel: end,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.assign(window, { spoken, endSpeech: end });
  });
}

const spoken = (page: Page) => page.evaluate(() => (window as unknown as { spoken: { text: string }[] }).spoken);

async function tipWithMessage(page: Page, recipientId: string, amount: number, message: string) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/tips', {
    data: { recipientId, amount, message },
    headers: { Origin: origin },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('a fan tips with a message: the overlay shows and reads it, a blocked word waits for approval, skip and pause work', async ({
  page,
  newBrowserPage,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const creator = await signUp(page);
  await page.goto('/settings/overlay');
  await page
    .getByRole('switch', { name: "Read fans' messages aloud" })
    .or(page.getByLabel("Read fans' messages aloud"))
    .first()
    .click();
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/gift-messages/settings')).json()) as { isSpeechOn: boolean }).isSpeechOn,
    )
    .toBe(true);
  const { secret } = (await (await page.request.get('/api/overlay/settings')).json()) as { secret: string };
  const { controlSecret } = (await (await page.request.get('/api/gift-messages/settings')).json()) as {
    controlSecret: string;
  };

  const overlay = await newBrowserPage();
  await recordSpeech(overlay);
  await overlay.goto(`/overlay/${secret}`);
  await expect(overlay.locator('html[data-hydrated]')).toHaveCount(1);

  // The fan tips from the creator's page with a message; markup in it stays text.
  const fanPage = await newBrowserPage();
  await signUp(fanPage);
  await topUpFromBalance(fanPage, 50, '50 tokens');
  await fanPage.goto(`/${creator.handle}`);
  await fanPage.getByRole('link', { name: 'Send a Quick Tip' }).click();
  const dialog = fanPage.getByRole('dialog', { name: 'Send a Quick Tip' });
  await dialog.getByRole('textbox', { name: 'Tip amount in tokens' }).fill('5');
  await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Hello <b>stream</b>!');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(fanPage.getByText('Tip sent successfully!')).toBeVisible();

  await expect(overlay.getByTestId('overlay-alert-message')).toHaveText('“Hello <b>stream</b>!”');
  await expect.poll(() => spoken(overlay)).toEqual([expect.objectContaining({ text: 'Hello <b>stream</b>!' })]);
  await overlay.evaluate(() => (window as unknown as { endSpeech: () => void }).endSpeech());
  await expect(overlay.getByTestId('overlay-alert')).toHaveCount(0, { timeout: 15_000 });

  // A blocked word: held, not shown, until the creator approves it on the control page.
  const creatorId = await userIdOf(fanPage, creator.handle);
  await tipWithMessage(fanPage, creatorId, 5, 'what the fuck');
  const control = await newBrowserPage();
  await control.goto(`/overlay-control/${controlSecret}`);
  const held = control.getByTestId('held-message');
  await expect(held).toContainText('what the fuck');
  await expect(overlay.getByTestId('overlay-alert')).toHaveCount(0);
  await held.getByRole('button', { name: 'Approve' }).click();
  await expect(held).toHaveCount(0);
  await expect(overlay.getByTestId('overlay-alert-message')).toHaveText('“what the fuck”');
  await expect.poll(async () => (await spoken(overlay)).length).toBe(2);

  // Skip ends the alert playing, its reading included.
  await control.getByRole('button', { name: 'Skip Current' }).click();
  await expect(overlay.getByTestId('overlay-alert')).toHaveCount(0);

  // Paused, a new alert waits; resumed, it shows.
  await control.getByRole('button', { name: 'Pause Alerts' }).click();
  await expect(control.getByRole('status')).toHaveText('Alerts are paused: new ones wait until you resume.');
  await tipWithMessage(fanPage, creatorId, 5, 'after the break');
  await expect(overlay.getByTestId('overlay-alert')).toHaveCount(0);
  await control.getByRole('button', { name: 'Resume Alerts' }).click();
  await expect(overlay.getByTestId('overlay-alert-message')).toHaveText('“after the break”');
  expect(baseURL).toBeTruthy();
});
