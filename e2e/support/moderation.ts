import { expect, type Page } from '@playwright/test';
import { countEmails, readLatestEmailLink } from './outbox';
import { acceptTermsUpFront } from './sign-in';

/**
 * The moderator of the e2e server: MODERATORS names this verified e-mail address (never a handle, which
 * anyone could claim: decision 028).
 */
export const MODERATOR = { email: 'e2e-moderator@example.com', handle: 'e2e_moderator', displayName: 'The Moderator' };

/** Signs the moderator in by e-mail link (the same account on a retry), completing the profile the first time. */
export async function signInAsModerator(page: Page, baseURL: string | undefined) {
  await acceptTermsUpFront(page);
  const headers = { Origin: baseURL ?? '' };
  // Tests running side by side sign this one account in: the latest link may be another test's, which that
  // test uses first. Then this one asks again.
  for (let attempt = 1; ; attempt++) {
    const alreadySent = await countEmails(page.request, MODERATOR.email);
    const sent = await page.request.post('/api/auth/sign-in/magic-link', {
      data: { email: MODERATOR.email, callbackURL: '/email' },
      headers,
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const link = await readLatestEmailLink(page.request, MODERATOR.email, alreadySent);
    const verified = await page.request.post('/api/auth/magic-link/verify', {
      data: { token: new URL(link).searchParams.get('token'), email: MODERATOR.email },
      headers,
    });
    if (verified.status() === 200) break;
    if (attempt === 3) expect(verified.status(), await verified.text()).toBe(200);
  }
  const me = (await (await page.request.get('/api/me')).json()) as { handle: string | null };
  if (me.handle === null) {
    const res = await page.request.post('/api/profile/complete', {
      data: { handle: MODERATOR.handle, displayName: MODERATOR.displayName },
      headers: { Origin: baseURL ?? '' },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}
