import { describe, expect, it } from 'vitest';
import { sharedLink } from './wish-import';

describe('the link in what a share sheet hands over', () => {
  it('takes the url field, else the first web address in the text', () => {
    expect(sharedLink({ url: 'https://shop.example/p/1', text: 'https://other.example' })).toBe(
      'https://shop.example/p/1',
    );
    expect(sharedLink({ url: null, text: 'Look at this! https://shop.example/p/1?ref=app.' })).toBe(
      'https://shop.example/p/1?ref=app',
    );
    expect(sharedLink({ url: '', text: 'Lamp (https://shop.example/lamp)' })).toBe('https://shop.example/lamp');
    expect(sharedLink({ url: 'javascript:alert(1)', text: 'no link here' })).toBeUndefined();
    expect(sharedLink({})).toBeUndefined();
  });
});
