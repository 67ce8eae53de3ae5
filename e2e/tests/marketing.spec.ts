import { expect, type Page, test } from '@playwright/test';

// The landing page, the marketing page and the support and legal pages (product.md section 2). Texts are the
// product.md's own; numbers are the ones the terms state (product.md section 9).

const SUPPORT_EMAIL = 'support@sweetwish.app';
const CARD_TITLES = ['Gifting', 'Wishing', 'Connecting', 'Transactions'];
const STEP_TITLES = ['Sign up', 'Build your profile and wishlist', 'Share your links to get funded'];

function footerNav(page: Page) {
  return page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal and support' });
}

function onboardingStep(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

test.describe('landing page', () => {
  test('shows the hero, the cards, the safety points, the onboarding steps and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Sweetest Wishlist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Create Wishlist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Why Sweetwish?' })).toBeVisible();

    for (const title of CARD_TITLES) {
      await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
    }

    const safety = page.getByRole('region', { name: 'Safe by design' });
    await expect(safety.getByRole('listitem')).toHaveCount(4);
    await expect(safety).toContainText('cloud provider');
    await expect(safety).toContainText('We never see or store card numbers');
    await expect(safety).toContainText('gift anonymously');
    await expect(safety).toContainText('choose who may message them');

    await expect(page.getByRole('heading', { level: 2, name: 'How to get Tokens' })).toBeVisible();
    for (const title of STEP_TITLES) {
      const step = onboardingStep(page, title);
      await step.scrollIntoViewIfNeeded();
      await expect(step).toBeVisible();
      await expect(step.getByRole('img', { name: 'Completed' })).toBeVisible();
    }

    await expect(page.getByText('© 2025 Sweetwish', { exact: true })).toBeVisible();
    await expect(page.getByText('Powered by Sweetwish Labs', { exact: true })).toBeVisible();
    for (const name of ['Support', 'Terms of Service', 'Privacy Policy']) {
      await expect(footerNav(page).getByRole('link', { name, exact: true })).toBeVisible();
    }
  });

  test('both hero buttons lead to the sign-in screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Create Wishlist' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    await page.goto('/');
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('the intro button leads to the marketing page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Why Sweetwish?' }).click();
    await expect(page).toHaveURL(/\/why$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Why choose Sweetwish?' })).toBeVisible();
  });

  test('the top bar offers "Sign In / Sign Up" only once the hero has scrolled away', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    const signIn = page.getByRole('link', { name: 'Sign In / Sign Up' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(signIn).toHaveCount(0);
    await expect(header).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

    await page.getByRole('heading', { name: 'How to get Tokens' }).scrollIntoViewIfNeeded();
    await expect(signIn).toBeVisible();
    await expect(header).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(signIn).toHaveCount(0);

    await page.getByRole('heading', { name: 'How to get Tokens' }).scrollIntoViewIfNeeded();
    await signIn.click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('onboarding steps fade in when they scroll into view and stay', async ({ page }) => {
    await page.goto('/');
    const first = onboardingStep(page, STEP_TITLES[0] ?? '');
    await expect(first).toHaveCSS('opacity', '0');
    await first.scrollIntoViewIfNeeded();
    await expect(first).toHaveCSS('opacity', '1');
    await page.evaluate(() => window.scrollTo(0, 0));
    // What would fade it out again: the page's IntersectionObserver hearing that the step left the view. One
    // of our own with the same threshold hears it in the same rendering step; two frames later React has
    // rendered what the page did with it, and a fade-out would be a running transition.
    await first.evaluate(
      (step) =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(
            (entries) => {
              if (entries.at(-1)?.isIntersecting === false) {
                observer.disconnect();
                resolve();
              }
            },
            { threshold: 0.3 },
          );
          observer.observe(step);
        }),
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await first.evaluate((step) => step.getAnimations().length)).toBe(0);
    await expect(first).toHaveCSS('opacity', '1');
  });

  test('the tagline words rise in one after another on the first visit only', async ({ page }) => {
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1 });
    const first = heading.getByText('Your', { exact: true });
    const second = heading.getByText('Sweetest', { exact: true });
    const third = heading.getByText('Wishlist', { exact: true });
    await expect(first).toHaveCSS('animation-delay', '0s');
    await expect(second).toHaveCSS('animation-delay', '0.3s');
    await expect(third).toHaveCSS('animation-delay', '0.6s');
    await expect(second).not.toHaveCSS('animation-name', 'none');
    // The visit is recorded once the app runs: the server rendered the page, the app starts on the first
    // interaction (decision 043).
    await page.mouse.move(5, 5);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('last-visited'))).toMatch(/^\d{13}$/);

    await page.reload();
    await expect(heading).toHaveText('Your Sweetest Wishlist');
    await expect(second).toHaveCSS('animation-name', 'none');
    await expect(second).toHaveCSS('animation-delay', '0s');
    await expect(third).toHaveCSS('animation-name', 'none');
  });

  test('the tagline does not move for visitors who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).getByText('Sweetest', { exact: true })).toHaveCSS(
      'animation-name',
      'none',
    );
  });

  test('a browser that refuses local storage still gets the page, with a warning in the console', async ({ page }) => {
    await page.addInitScript(() => {
      const refuse = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
      Storage.prototype.getItem = refuse;
      Storage.prototype.setItem = refuse;
    });
    const warnings: string[] = [];
    const errors: Error[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error));

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Sweetest Wishlist');
    await expect(page.getByRole('link', { name: 'Create Wishlist' })).toBeVisible();
    await page.mouse.move(5, 5); // the app starts, and reads and records the visit
    await expect.poll(() => warnings.filter((w) => w.includes('local storage')).length).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
  });
});

test.describe('marketing page', () => {
  test('shows its title, four features and the way in', async ({ page }) => {
    await page.goto('/why');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why choose Sweetwish?');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(5);
    await expect(page.getByRole('heading', { level: 2, name: 'Low payout fees' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('You keep 80% of every gift and tip');
    await expect(page.getByRole('heading', { level: 2, name: 'Get Started Today!' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In / Sign Up' })).toBeVisible();
    await expect(page.getByText('© 2025 Sweetwish', { exact: true })).toBeVisible();
  });

  for (const name of ['Sign In / Sign Up', 'Create Wishlist', 'Log In']) {
    test(`"${name}" leads to the sign-in screen`, async ({ page }) => {
      await page.goto('/why');
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(/\/sign-in$/);
    });
  }
});

test.describe('support and legal pages', () => {
  test('the terms state eligibility, fees, withdrawals and notice periods', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(page.getByText('Last updated: November 22, 2026')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('at least 18 years old');
    await expect(main).toContainText('1 token = US$1');
    await expect(main).toContainText('A service fee of 2% of the token price is added at checkout, capped at US$5');
    await expect(main).toContainText('80% goes to the recipient');
    await expect(main).toContainText('10% is the platform fee');
    await expect(main).toContainText('2% goes to the affiliate and 8% to the platform');
    await expect(main).toContainText('The minimum withdrawal is $50');
    await expect(main).toContainText('within 3 U.S. business days');
    await expect(main).toContainText('within 3-5 business days');
    await expect(main).toContainText('within 10 calendar days');
    await expect(main).toContainText('30 days’ notice');
    await expect(main).toContainText('at least 7 years');
    await expect(main.getByRole('link', { name: SUPPORT_EMAIL }).first()).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  test('the privacy policy says card data stays with the payment provider', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByText('Last updated: November 22, 2026')).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('We never see or store card numbers');
    await expect(main).toContainText('held by our payment provider');
    await expect(main).toContainText('hosted on a cloud provider');
    await expect(main).toContainText('no advertising trackers');
    await expect(main).toContainText('at least 7 years');
    await expect(main).toContainText('aged 18 or over');
  });

  test('the support page gives the e-mail address and answers questions', async ({ page }) => {
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support');
    const mail = page.getByRole('link', { name: SUPPORT_EMAIL }).first();
    await expect(mail).toBeVisible();
    await expect(mail).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);

    const answer = page.getByText('We process withdrawals within 3 U.S. business days');
    await expect(answer).toBeHidden();
    await page.getByText('When will my withdrawal arrive?').click();
    await expect(answer).toBeVisible();

    await page
      .getByRole('region', { name: 'Policies' })
      .getByRole('link', { name: 'Privacy Policy', exact: true })
      .click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  });

  test('the footer links reach every legal page', async ({ page }) => {
    await page.goto('/');
    for (const [name, path, title] of [
      ['Support', '/support', 'Support'],
      ['Terms of Service', '/terms-of-service', 'Terms of Service'],
      ['Privacy Policy', '/privacy', 'Privacy Policy'],
    ] as const) {
      await footerNav(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    }
  });
});
