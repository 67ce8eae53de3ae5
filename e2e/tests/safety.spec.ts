import type { Page } from '@playwright/test';
import { uniqueDisplayName } from '../support/accounts';
import { messageWith, sendTextMessage, userIdOf } from '../support/conversations';
import { signInAsModerator } from '../support/moderation';
import { signUp, toast } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';
import { createWishByApi } from '../support/wishes';

// Safety tools (issue 21, decision 028): a creator blocks a fan from their conversation and the fan can no
// longer write there; a fan reports a wish, a moderator (named by MODERATORS in playwright.config.ts) hides
// it from the moderation queue, and the creator's public page no longer shows it.

/** Tips through the API and opens the tip's conversation as the fan; answers the conversation's id. */
async function tipAndOpenConversation(page: Page, baseURL: string | undefined, recipientId: string) {
  const headers = { Origin: baseURL ?? '' };
  const tip = await page.request.post('/api/tips', { data: { recipientId, amount: 10 }, headers });
  expect(tip.status(), await tip.text()).toBe(201);
  const { tipId } = (await tip.json()) as { tipId: string };
  const opened = await page.request.post('/api/conversations', {
    data: { type: 'purchase', purchaseId: tipId },
    headers,
  });
  expect(opened.status(), await opened.text()).toBe(200);
  return ((await opened.json()) as { conversationId: string }).conversationId;
}

test('a creator blocks a fan from their conversation: the fan can no longer message them, until unblocked', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.setTimeout(120_000);
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const fan = await signUp(page, { displayName: uniqueDisplayName('Fan') });
  await topUpFromBalance(page, 50, '50 tokens');
  const conversationId = await tipAndOpenConversation(page, baseURL, await userIdOf(page, creator.handle));
  await page.goto(`/conversations/${conversationId}`);
  await sendTextMessage(page, 'Hello from your biggest fan');

  // The creator blocks the fan from the conversation's menu.
  await creatorPage.goto(`/conversations/${conversationId}`);
  await expect(messageWith(creatorPage, 'Hello from your biggest fan')).toBeVisible();
  await creatorPage.getByRole('button', { name: 'Conversation menu' }).click();
  await creatorPage.getByRole('menuitem', { name: 'Block' }).click();
  const dialog = creatorPage.getByRole('dialog', { name: `Block ${fan.displayName}?` });
  await dialog.getByRole('button', { name: 'Block' }).click();
  await expect(toast(creatorPage, `You blocked ${fan.displayName}.`)).toBeVisible();
  await expect(creatorPage.getByRole('note')).toHaveText('You blocked this user. Unblock them to send messages.');
  await expect(creatorPage.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

  // The fan's screen no longer offers the composer, and a message sent anyway is refused.
  await page.reload();
  await expect(page.getByRole('note')).toHaveText('Messages can no longer be sent in this conversation.');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  const refused = await page.request.post(`/api/conversations/${conversationId}/messages`, {
    data: { type: 'text', content: 'Are you there?' },
    headers: { Origin: baseURL ?? '' },
  });
  expect(refused.status()).toBe(403);
  // The public profile stays public to them.
  await page.goto(`/${creator.handle}`);
  await expect(page.getByRole('heading', { name: creator.displayName })).toBeVisible();

  // The creator unblocks the fan in Settings; the fan can write again.
  await creatorPage.goto('/settings');
  const blocked = creatorPage.getByRole('list', { name: 'Blocked users' });
  await blocked.getByRole('button', { name: `Unblock ${fan.displayName}` }).click();
  await expect(toast(creatorPage, 'User unblocked')).toBeVisible();
  await expect(creatorPage.getByText('You have not blocked anyone.')).toBeVisible();
  await page.goto(`/conversations/${conversationId}`);
  await sendTextMessage(page, 'Thanks for unblocking me');
});

test('a fan reports a wish; a moderator hides it and the public page no longer shows it', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.setTimeout(120_000);
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Suspicious Watch', cost: 40 });
  await createWishByApi(creatorPage, baseURL, { name: 'Garden Roses', cost: 20 });

  // A fan reports the wish from its page. The note is this try's own: a retry's report joins the first one's.
  const note = `This watch is a counterfeit (${Date.now().toString(36)}).`;
  await signUp(page);
  await page.goto(`/x/${wish.id}`);
  await page.getByRole('button', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report this wish' });
  await report.getByRole('radio', { name: 'Scam' }).check();
  await report.getByRole('textbox', { name: 'Note (optional)' }).fill(note);
  await report.getByRole('button', { name: 'Send Report' }).click();
  await expect(toast(page, 'Thanks for your report. Our moderators will review it.')).toBeVisible();
  // The moderation screen is nothing to them.
  await page.goto('/moderation');
  await expect(page.getByText("There's Nothing Here.")).toBeVisible();

  // The moderator opens the queue from the side menu and hides the wish, saying why.
  const moderatorPage = await newBrowserPage();
  await signInAsModerator(moderatorPage, baseURL);
  await moderatorPage.goto('/home');
  await moderatorPage.getByRole('button', { name: /^Menu/ }).click();
  await moderatorPage.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Moderation' }).click();
  await expect(moderatorPage.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const card = moderatorPage
    .getByRole('list', { name: 'Open reports' })
    .getByRole('listitem')
    .filter({ hasText: 'Suspicious Watch' })
    .filter({ hasText: note });
  await expect(card).toContainText('Scam');
  await card.getByRole('button', { name: 'Hide Wish' }).click();
  const hide = moderatorPage.getByRole('dialog', { name: 'Hide this wish' });
  await hide.getByRole('textbox', { name: 'Reason' }).fill('Counterfeit goods');
  await hide.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(moderatorPage, 'Done. It is in the audit log.')).toBeVisible();
  await expect(card).toHaveCount(0);

  // The creator's public page lists only the other wish, and the wish's own page is gone.
  const visitor = await newBrowserPage();
  await visitor.goto(`/${creator.handle}`);
  await expect(visitor.getByText('Garden Roses')).toBeVisible();
  await expect(visitor.getByText('Suspicious Watch')).toHaveCount(0);
  await visitor.goto(`/x/${wish.id}`);
  await expect(visitor.getByRole('button', { name: 'Buy', exact: true })).toHaveCount(0);
  await expect(visitor.getByText('Suspicious Watch')).toHaveCount(0);
});

test('a moderator suspends a reported creator, whose page is then gone, and lifts the suspension, which brings it back', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.setTimeout(120_000);
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  await createWishByApi(creatorPage, baseURL, { name: 'Garden Roses', cost: 20 });
  const creatorId = await userIdOf(creatorPage, creator.handle);

  // A fan reports the profile (the report dialog itself is covered above).
  await signUp(page);
  const reported = await page.request.post('/api/reports', {
    data: { kind: 'profile', targetId: creatorId, reason: 'other', note: 'Looks like an impostor.' },
    headers: { Origin: baseURL ?? '' },
  });
  expect(reported.status(), await reported.text()).toBe(201);

  const moderatorPage = await newBrowserPage();
  await signInAsModerator(moderatorPage, baseURL);
  await moderatorPage.goto('/moderation');
  const card = moderatorPage
    .getByRole('list', { name: 'Open reports' })
    .getByRole('listitem')
    .filter({ hasText: 'Looks like an impostor.' });
  await card.getByRole('button', { name: 'Suspend Account' }).click();
  const suspend = moderatorPage.getByRole('dialog', { name: 'Suspend Account' });
  await suspend.getByRole('textbox', { name: 'Reason' }).fill('Impostor');
  await suspend.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(moderatorPage, 'Done. It is in the audit log.')).toBeVisible();

  const visitor = await newBrowserPage();
  await visitor.goto(`/${creator.handle}`);
  await expect(visitor.getByText('User Not Found')).toBeVisible();

  // The moderator finds the account among the suspended ones and lifts the suspension, saying why.
  const suspended = moderatorPage
    .getByRole('list', { name: 'Suspended accounts' })
    .getByRole('listitem')
    .filter({ hasText: `@${creator.handle}` });
  await suspended.getByRole('button', { name: 'Lift Suspension' }).click();
  const lift = moderatorPage.getByRole('dialog', { name: `Lift the suspension of @${creator.handle}` });
  await lift.getByRole('textbox', { name: 'Reason' }).fill('Verified: the real creator');
  await lift.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(moderatorPage, 'Suspension lifted. It is in the audit log.')).toBeVisible();
  await expect(suspended).toHaveCount(0);

  await visitor.reload();
  await expect(visitor.getByText('Garden Roses')).toBeVisible();
});
