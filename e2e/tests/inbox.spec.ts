import { randomUUID } from 'node:crypto';
import { uniqueDisplayName, uniqueHandle } from '../support/accounts';
import { signInDirectly, signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { sideMenu, topUpFromBalance } from '../support/wallet';

// The inbox, the fan base after a tip and the affiliate page (product.md section 2; decisions 130 and 131).

test('a tip reaches the creator’s bell and inbox live, is marked read when seen; the fan may join the fan base', async ({
  page,
  newBrowserPage,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  // The bell is in the top bar for someone signed in, with nothing unread yet.
  const bell = creatorPage.getByRole('link', { name: /^Inbox/ });
  await expect(bell).toHaveAccessibleName('Inbox');

  const fan = await signUp(page);
  await topUpFromBalance(page, 50, '50 tokens');
  await page.goto(`/${creator.handle}/tip`);
  const dialog = page.getByRole('dialog', { name: 'Send a Quick Tip' });
  await dialog.getByRole('textbox', { name: 'Tip amount in tokens' }).fill('5');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // After the tip, as after a purchase, the fan is offered the creator's fan base.
  await expect(page.getByRole('dialog', { name: 'Tip Sent' }).getByRole('status')).toHaveText('Tip sent successfully!');
  const offer = page.getByRole('region', { name: `Join ${creator.displayName}'s fan base?` });
  await expect(offer).toContainText(`${creator.displayName} will see your name`);
  await offer.getByRole('button', { name: 'Join Fan Base' }).click();
  await expect(page.getByText(`You joined ${creator.displayName}'s fan base.`)).toBeVisible();
  await page.getByRole('dialog', { name: 'Tip Sent' }).getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The creator's bell counts it without a reload; the inbox lists it, new, with its time and link.
  await expect(bell).toHaveAccessibleName('Inbox, 1 unread');
  await bell.click();
  await expect(creatorPage).toHaveURL(/\/inbox$/);
  const list = creatorPage.getByRole('list', { name: 'Inbox' });
  const event = list.getByRole('link', { name: new RegExp(`${fan.displayName} sent you a \\$5 tip\\.`) });
  await expect(event).toContainText('New');
  await expect(event).toContainText(/[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{1,2}:\d{2} (AM|PM)/);
  await expect(event).toHaveAttribute('href', /^\/received\/item\//);
  // Seen: read on the server, so the bell has nothing left to count, and a later visit shows it read.
  await expect(bell).toHaveAccessibleName('Inbox');
  await creatorPage.reload();
  await expect(event).toBeVisible();
  await expect(event).not.toContainText('New');
  await event.click();
  await expect(creatorPage).toHaveURL(/\/received\/item\//);
});

test('the affiliate page lists the invited creators and what they earned by month; the menu leads there', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.slow();
  const affiliate = await signUp(page);
  // A creator who joined with the affiliate's invite link.
  const creatorPage = await newBrowserPage();
  await signInDirectly(creatorPage);
  const creator = { handle: uniqueHandle(), displayName: uniqueDisplayName('Invited') };
  const completed = await creatorPage.request.post('/api/profile/complete', {
    data: { ...creator, affiliate: affiliate.handle },
    headers: { Origin: baseURL ?? '' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const creatorId = ((await (await creatorPage.request.get('/api/me')).json()) as { id: string }).id;
  // A fan tips them 50 tokens: 2 percent is the affiliate's.
  const fanPage = await newBrowserPage();
  await signUp(fanPage);
  await topUpFromBalance(fanPage, 50, '50 tokens');
  const tipped = await fanPage.request.post('/api/tips', {
    data: { recipientId: creatorId, amount: 50, isAnonymous: false },
    headers: { Origin: baseURL ?? '', 'Idempotency-Key': randomUUID() },
  });
  expect(tipped.status(), await tipped.text()).toBe(201);

  // Subscriptions and Affiliate are in the side menu.
  await page.getByRole('button', { name: /^Menu/ }).click();
  await expect(sideMenu(page).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('href', '/subscriptions');
  await sideMenu(page).getByRole('link', { name: 'Affiliate' }).click();
  await expect(page).toHaveURL(/\/affiliate$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Affiliate' })).toBeVisible();
  await expect(page.getByText('$1 earned in all')).toBeVisible();
  const month = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const months = page.getByRole('list', { name: 'Earnings by month' });
  await expect(months.getByRole('listitem')).toHaveCount(1);
  await expect(months.getByRole('listitem')).toContainText(`${month}1 gift or tip$1`);
  const invited = page.getByRole('list', { name: 'Invited creators' }).getByRole('link', { name: /Invited/ });
  await expect(invited).toHaveCount(1);
  await expect(invited).toContainText(creator.displayName);
  await expect(invited).toContainText('$1');
  await expect(invited).toHaveAttribute('href', `/${creator.handle}`);
});
