import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../../test-support/render-signed-in';
import { stubFetch } from '../../../test-support/stub-fetch';
import { AuditLogPage } from './audit-log';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const moderator = { id: 'm1', handle: 'the_mod', displayName: 'The Moderator' };
const hidden = {
  id: 'a2',
  moderatorId: 'm1',
  moderator,
  action: 'hide',
  kind: 'wish',
  targetId: 'w1',
  owner: { id: 'u2', handle: 'sunny', displayName: 'Sunny Petal' },
  contentSummary: 'Suspicious Watch',
  contentPath: '/x/w1',
  reportId: 'r1',
  reason: 'Counterfeit goods',
  createdAt: '2026-12-05T10:00:00.000Z',
};
const lifted = {
  ...hidden,
  id: 'a1',
  action: 'lift_suspension',
  kind: 'profile',
  targetId: 'u3',
  owner: { id: 'u3', handle: null, displayName: null },
  contentSummary: null,
  contentPath: null,
  reportId: null,
  reason: 'Appeal upheld',
};

describe('the audit log screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists who did what to whose content, when and why, and pages on with the cursor', async () => {
    // No IntersectionObserver here: the list's end counts as on screen, so the next page loads at once.
    const calls = stubFetch((url) => {
      if (url === '/api/moderation/audit') return json({ items: [hidden], nextCursor: 'next' });
      if (url === '/api/moderation/audit?cursor=next') return json({ items: [lifted], nextCursor: null });
      return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    });
    renderSignedIn(AuditLogPage, { path: '/moderation/audit' });
    const list = await screen.findByRole('list', { name: 'Moderator actions' });
    const [first] = within(list).getAllByRole('listitem');
    if (!first) throw new Error('no row');
    expect(within(first).getByText('Hid a wish')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'The Moderator @the_mod' })).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Sunny Petal @sunny' })).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Suspicious Watch' }).getAttribute('href')).toBe('/x/w1');
    expect(within(first).getByText('Counterfeit goods')).toBeTruthy();
    expect(within(first).getByText(new Date(hidden.createdAt).toLocaleString('en-US'))).toBeTruthy();

    expect(await within(list).findByText('Lifted a suspension')).toBeTruthy();
    // A deleted account keeps its id in the log.
    expect(within(list).getByText('Account u3')).toBeTruthy();
    expect(calls.map((c) => c.url).filter((url) => url.startsWith('/api/moderation'))).toEqual([
      '/api/moderation/audit',
      '/api/moderation/audit?cursor=next',
    ]);
  });

  it('is nothing to someone the server does not take for a moderator', async () => {
    stubFetch(() => json({ error: { code: 'NOT_FOUND', message: 'No API route' } }, 404));
    renderSignedIn(AuditLogPage, { path: '/moderation/audit' });
    expect(await screen.findByText("There's Nothing Here.")).toBeTruthy();
  });
});
