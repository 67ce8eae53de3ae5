import { describe, expect, it } from 'vitest';
import { addAttachments, isImageFile } from './attachments';

const file = (name: string, type = 'image/png') => new File(['x'], name, { type });

describe('attachments', () => {
  it('accepts images of any kind and nothing else', () => {
    expect(isImageFile(file('a.png'))).toBe(true);
    expect(isImageFile(file('a.jpg', 'image/jpeg'))).toBe(true);
    expect(isImageFile(file('a.heic', 'image/heic'))).toBe(true);
    expect(isImageFile(file('a.pdf', 'application/pdf'))).toBe(false);
    expect(isImageFile(file('a.png', ''))).toBe(false);
  });

  it('adds picked images after those attached, leaving out other files', () => {
    const attached = [file('one.png')];
    const result = addAttachments(attached, [file('two.jpg', 'image/jpeg'), file('notes.txt', 'text/plain')]);
    expect(result.map((f) => f.name)).toEqual(['one.png', 'two.jpg']);
  });

  it('keeps each file name once, the first one attached', () => {
    const first = file('same.png');
    const result = addAttachments([first], [file('same.png'), file('new.png'), file('new.png')]);
    expect(result.map((f) => f.name)).toEqual(['same.png', 'new.png']);
    expect(result[0]).toBe(first);
  });
});
