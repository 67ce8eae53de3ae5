import { uniqueDisplayName } from '../support/accounts';
import { buyWish, tipByApi, userIdOf } from '../support/conversations';
import { signUp } from '../support/sign-in';
import { expect, test } from '../support/test';
import { topUpFromBalance } from '../support/wallet';
import { createWishByApi } from '../support/wishes';

// A creator's insights (product.md section 2, Insights; issue 52): gifts made today show on today's row of
// the earnings chart's table, in the creator's own time zone (one where the day often differs from UTC's).
const TIME_ZONE = 'Pacific/Kiritimati';
test.use({ timezoneId: TIME_ZONE, viewport: { width: 390, height: 844 } });

test('a creator sees the day’s earnings by kind, gross, fees and net, in the chart’s table', async ({
  page,
  baseURL,
  newBrowserPage,
}) => {
  test.slow();
  const creatorPage = await newBrowserPage();
  const creator = await signUp(creatorPage, { displayName: uniqueDisplayName('Creator') });
  const wish = await createWishByApi(creatorPage, baseURL, { name: 'Blue Lamp', cost: 40 });

  await signUp(page);
  await topUpFromBalance(page, 100, '100 tokens');
  await buyWish(page, wish.id);
  await tipByApi(page, baseURL, await userIdOf(page, creator.handle), 10);

  await creatorPage.getByRole('button', { name: /^Menu/ }).click();
  await creatorPage.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Insights' }).click();
  await expect(creatorPage.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await creatorPage.getByRole('button', { name: '7 days' }).click();
  await expect(creatorPage).toHaveURL(/range=7d/);

  const earnings = creatorPage.getByRole('figure', { name: 'Earnings' });
  await expect(earnings).toContainText('Earned $50 gross, $10 in fees, $40 net, from 2 gifts and shares.');
  await earnings.getByLabel('Table').check();
  const table = earnings.getByRole('table', { name: 'Earnings' });
  const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: TIME_ZONE }).format(
    new Date(),
  );
  // Period, Tips, Wishes, Group gifts, Subscriptions, Affiliate shares, Gross, Fees, Net.
  await expect(table.getByRole('row', { name: new RegExp(`^${today} `) }).getByRole('cell')).toHaveText([
    today,
    '$10',
    '$40',
    '$0',
    '$0',
    '$0',
    '$50',
    '$10',
    '$40',
  ]);
  // A header and seven days.
  await expect(table.getByRole('row')).toHaveCount(8);

  const supporters = creatorPage.getByRole('region', { name: 'Supporters' });
  await expect(supporters).toContainText('1 supporters: 1 new, 0 returning. Average gift $25.');
  const converts = creatorPage.getByRole('figure', { name: 'What converts' });
  await converts.getByLabel('Table').check();
  await expect(
    converts
      .getByRole('row', { name: /Blue Lamp/ })
      .getByRole('cell')
      .nth(2),
  ).toHaveText('1');

  // Home shows the week beside the last, the latest supporters, and the way to share the page.
  await creatorPage.goto('/home');
  const week = creatorPage.getByRole('region', { name: 'This week' });
  await expect(week).toContainText('$40');
  await expect(week).toContainText('Last week $0');
  await expect(creatorPage.getByRole('region', { name: 'Latest supporters' })).toContainText('Blue Lamp');
  await expect(creatorPage.getByRole('list', { name: 'Setup checklist' })).toContainText('Create your first wish');
  await expect(creatorPage.getByRole('button', { name: 'Share My Profile Link' })).toBeVisible();
  await creatorPage.goto(`/${creator.handle}`);
  await expect(creatorPage.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
});
