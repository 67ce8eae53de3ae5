import { describe, expect, it } from 'vitest';
import { buildShareLink } from './share-links';

describe('share links', () => {
  const origin = 'https://sweetwish.app';

  it.each([
    ['profile', 'https://sweetwish.app/sweet_one'],
    ['tip', 'https://sweetwish.app/sweet_one/tip'],
    ['invite', 'https://sweetwish.app/join/sweet_one'],
  ])('build the %s link from the handle', (type, url) => {
    expect(buildShareLink(type, 'sweet_one', origin)).toMatchObject({ url });
  });

  it('need a handle', () => {
    expect(buildShareLink('profile', null, origin)).toEqual({ error: 'Handle required for link' });
    expect(buildShareLink('profile', '', origin)).toEqual({ error: 'Handle required for link' });
  });

  it('refuse an unknown type', () => {
    expect(buildShareLink('wallet', 'sweet_one', origin)).toEqual({ error: 'Invalid type' });
  });
});
