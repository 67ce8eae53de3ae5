import { describe, expect, it } from 'vitest';
import { LINK_MESSAGES } from './links';
import { ABOUT_ME_MESSAGES, aboutMeProblem, ProfileLinksFields, UpdateProfileInput } from './profiles';

describe('About Me rules', () => {
  it.each([
    ['I bake cakes.', undefined],
    ['Line one\nLine two\n\nLine four', undefined],
    ['Tab\tseparated', 'control'],
    ['Windows line\r\nbreak', 'control'],
    ['Bell\u0007', 'control'],
    ['C1\u0085control', 'control'],
    ['   ', 'empty'],
    ['x'.repeat(1001), 'long'],
  ])('%j is %s', (text, problem) => {
    expect(aboutMeProblem(text)).toBe(problem);
  });

  it('refuses the same texts in a profile update, with the same message', () => {
    const result = UpdateProfileInput.safeParse({ description: 'Tab\tseparated' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([ABOUT_ME_MESSAGES.control]);
    expect(UpdateProfileInput.parse({ description: ' Line one\nLine two ' })).toEqual({
      description: 'Line one\nLine two',
    });
  });

  it('refuses a display name with a tab in a profile update', () => {
    const result = UpdateProfileInput.safeParse({ displayName: 'Bob\tSmith' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Remove tabs, line breaks and other control characters',
    ]);
  });
});

describe('the links form', () => {
  const entries = (...typed: string[]) => ({ links: typed.map((url) => ({ url })) });

  it('gives the links the server takes: empty entries dropped, https:// added', () => {
    expect(ProfileLinksFields.parse(entries('example.com/me', '  ', 'http://a.example'))).toEqual({
      links: ['https://example.com/me', 'http://a.example/'],
    });
  });

  it('puts a problem on the entry it belongs to, with the links rules’ message', () => {
    const result = ProfileLinksFields.safeParse(entries('example.com', '', 'javascript:alert(1)'));
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['links.2.url', LINK_MESSAGES.scheme],
    ]);
  });

  it('refuses more links than a profile may have, as the server does', () => {
    const many = Array.from({ length: 21 }, (_, i) => `https://example.com/${i}`);
    expect(ProfileLinksFields.safeParse(entries(...many)).error?.issues[0]?.message).toBe(LINK_MESSAGES.tooMany);
    expect(UpdateProfileInput.safeParse({ links: many }).error?.issues[0]?.message).toBe(LINK_MESSAGES.tooMany);
  });
});
