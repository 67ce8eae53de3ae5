import { uniqueDisplayName } from '../support/accounts';
import { userIdOf } from '../support/conversations';
import { MODERATOR, signInAsModerator } from '../support/moderation';
import { readOutbox } from '../support/outbox';
import { signUp, toast } from '../support/sign-in';
import { expect, test } from '../support/test';
import { createWishByApi } from '../support/wishes';

// Moderation with context and closure (issue 53, item 2): a report card says who reported what of whose,
// the owner is told what was hidden and why by their sign-in channel (here the local outbox), the action is
// in the audit log, and a suspended creator sees why instead of being sent to sign in.

/** The texts the outbox holds for `phone`, newest first. */
async function textsTo(request: Parameters<typeof readOutbox>[0], phone: string) {
  return (await readOutbox(request)).filter((m) => m.channel === 'sms' && m.to === phone).map((m) => m.text);
}

test('a report goes from the queue to the owner’s notice and into the audit log', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.setTimeout(120_000);
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Designer Bag Copy', cost: 35 });

  // One fan reports the wish from its page with a reason peers offer; another fan reports it too.
  const fan = await signUp(page, { displayName: uniqueDisplayName('Fan') });
  await page.goto(`/x/${wish.id}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this wish' });
  await dialog.getByRole('radio', { name: 'Intellectual property' }).check();
  await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('A copy of a registered design.');
  await dialog.getByRole('button', { name: 'Send Report' }).click();
  await expect(toast(page, 'Thanks for your report. Our moderators will review it.')).toBeVisible();
  const otherFanPage = await newBrowserPage();
  await signUp(otherFanPage);
  const second = await otherFanPage.request.post('/api/reports', {
    data: { kind: 'wish', targetId: wish.id, reason: 'scam' },
    headers: { Origin: baseURL ?? '' },
  });
  expect(second.status(), await second.text()).toBe(201);

  // The moderator sees one card for both reports: who reported first, whose wish it is, and where it is.
  const moderatorPage = await newBrowserPage();
  await signInAsModerator(moderatorPage, baseURL);
  await moderatorPage.goto('/moderation');
  const card = moderatorPage
    .getByRole('list', { name: 'Open reports' })
    .getByRole('listitem')
    .filter({ hasText: 'A copy of a registered design.' });
  await expect(card).toContainText('2 reports');
  await expect(card).toContainText('Intellectual property');
  await expect(card).toContainText('Scam');
  await expect(card.getByRole('link', { name: `${creator.displayName} @${creator.handle}` })).toBeVisible();
  await expect(card.getByRole('link', { name: `${fan.displayName} @${fan.handle}` })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Open the wish as it is now' })).toHaveAttribute('href', `/x/${wish.id}`);
  await card.getByRole('button', { name: 'Hide Wish' }).click();
  const hide = moderatorPage.getByRole('dialog', { name: 'Hide this wish' });
  await hide.getByRole('textbox', { name: 'Reason' }).fill('Copies a registered design');
  await hide.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(moderatorPage, 'Done. It is in the audit log.')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The creator is told by text what was hidden and why, never by whom.
  const notice = `Sweetwish: A moderator hid your wish "Designer Bag Copy". Reason: Copies a registered design.`;
  await expect.poll(async () => (await textsTo(page.request, creator.phone))[0] ?? '').toContain(notice);
  await creatorPage.goto('/dev/outbox');
  const sent = creatorPage.getByRole('listitem').filter({ hasText: creator.phone }).filter({ hasText: notice });
  await expect(sent).toBeVisible();
  await expect(sent).not.toContainText(fan.displayName);

  // The audit log says who did what to whose wish, when and why.
  await moderatorPage.getByRole('link', { name: 'Audit Log' }).click();
  await expect(moderatorPage.getByRole('heading', { level: 1, name: 'Audit Log' })).toBeVisible();
  const entry = moderatorPage
    .getByRole('list', { name: 'Moderator actions' })
    .getByRole('listitem')
    .filter({ hasText: 'Designer Bag Copy' });
  await expect(entry).toContainText('Hid a wish');
  await expect(entry).toContainText(`${MODERATOR.displayName} @${MODERATOR.handle}`);
  await expect(entry).toContainText(`${creator.displayName} @${creator.handle}`);
  await expect(entry).toContainText('Copies a registered design');
});

test('a suspended creator sees why instead of being sent to sign in', async ({ page, baseURL, newBrowserPage }) => {
  test.setTimeout(120_000);
  const creator = await signUp(page, { displayName: uniqueDisplayName('Creator') });
  const creatorId = await userIdOf(page, creator.handle);
  const fanPage = await newBrowserPage();
  await signUp(fanPage);
  const reported = await fanPage.request.post('/api/reports', {
    data: { kind: 'profile', targetId: creatorId, reason: 'impersonation' },
    headers: { Origin: baseURL ?? '' },
  });
  expect(reported.status(), await reported.text()).toBe(201);
  const { reportId } = (await reported.json()) as { reportId: string };

  const moderatorPage = await newBrowserPage();
  await signInAsModerator(moderatorPage, baseURL);
  const suspended = await moderatorPage.request.post(`/api/moderation/reports/${reportId}/actions`, {
    data: { action: 'suspend', reason: 'Posing as a famous artist' },
    headers: { Origin: baseURL ?? '' },
  });
  expect(suspended.status(), await suspended.text()).toBe(200);

  // The creator's next screen is the suspended one, with the reason, not the sign-in screen.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/suspended$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is suspended' })).toBeVisible();
  await expect(page.getByText('Posing as a famous artist')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Support' })).toBeVisible();
  await expect
    .poll(async () => (await textsTo(page.request, creator.phone))[0] ?? '')
    .toContain('A moderator suspended your account. Reason: Posing as a famous artist.');
});
