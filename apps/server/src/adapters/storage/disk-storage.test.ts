import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskStorage } from './disk-storage';
import { isStorageKey } from './object-storage';

const JPEG_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);

describe('diskStorage', () => {
  let parent: string;
  let root: string;
  beforeEach(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'sweetwish-storage-'));
    root = path.join(parent, 'media');
  });
  afterEach(() => rm(parent, { recursive: true, force: true }));

  async function filesUnder(dir: string) {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  }

  it('stores a file under its key, creating folders, and gives it back with its content type', async () => {
    const storage = diskStorage(root);
    await storage.put('images/users/u1/a.jpg', JPEG_BYTES, 'image/jpeg');

    expect(await filesUnder(root)).toEqual([path.join('images', 'users', 'u1', 'a.jpg')]);
    expect(new Uint8Array(await readFile(path.join(root, 'images/users/u1/a.jpg')))).toEqual(JPEG_BYTES);
    const file = await storage.get('images/users/u1/a.jpg');
    expect(file?.contentType).toBe('image/jpeg');
    expect(new Uint8Array(file?.bytes ?? [])).toEqual(JPEG_BYTES);
  });

  it('replaces a file in one step and leaves no temporary file behind', async () => {
    const storage = diskStorage(root);
    await storage.put('images/a.jpg', JPEG_BYTES, 'image/jpeg');
    await storage.put('images/a.jpg', new Uint8Array([0xff, 0xd8, 9]), 'image/jpeg');

    expect(await filesUnder(root)).toEqual([path.join('images', 'a.jpg')]);
    expect(new Uint8Array((await storage.get('images/a.jpg'))?.bytes ?? [])).toEqual(new Uint8Array([0xff, 0xd8, 9]));
  });

  it('deletes a file, and takes the deletion of a missing one calmly', async () => {
    const storage = diskStorage(root);
    await storage.put('images/users/u1/a.jpg', JPEG_BYTES, 'image/jpeg');
    await storage.delete('images/users/u1/a.jpg');
    expect(await storage.get('images/users/u1/a.jpg')).toBeUndefined();
    await expect(storage.delete('images/users/u1/a.jpg')).resolves.toBeUndefined();
    await expect(storage.delete('../outside.jpg')).rejects.toThrow();
  });

  it('answers undefined for a key that holds nothing', async () => {
    const storage = diskStorage(root);
    expect(await storage.get('images/users/nobody/none.jpg')).toBeUndefined();
    await storage.put('images/users/u1/a.jpg', JPEG_BYTES, 'image/jpeg');
    expect(await storage.get('images/users/u1')).toBeUndefined();
    expect(await storage.get('images/users/u1/a.jpg/deeper.jpg')).toBeUndefined();
  });

  it.each([
    '../secret.jpg',
    'images/../../secret.jpg',
    'images/..',
    '..',
    'images/a..jpg',
    '/etc/passwd.jpg',
    'images//a.jpg',
    'images/a.jpg/',
    '',
    'images\\a.jpg',
    'images/a b.jpg',
    'images/%2e%2e/a.jpg',
    'images/é.jpg',
    '.tmp/a.jpg',
    'images/.hidden.jpg',
    'images/./a.jpg',
  ])('refuses the key %j for writing and reading', async (key) => {
    expect(isStorageKey(key)).toBe(false);
    const storage = diskStorage(root);
    await expect(storage.put(key, JPEG_BYTES, 'image/jpeg')).rejects.toThrow(/Refused storage key/);
    await expect(storage.get(key)).rejects.toThrow(/Refused storage key/);
  });

  it('never reads a file outside its folder', async () => {
    await writeFile(path.join(parent, 'secret.jpg'), 'secret');
    const storage = diskStorage(root);
    await expect(storage.get('../secret.jpg')).rejects.toThrow(/Refused storage key/);
    await expect(storage.get('images/../../secret.jpg')).rejects.toThrow(/Refused storage key/);
  });

  it('refuses a content type its key does not stand for, such as a page', async () => {
    const storage = diskStorage(root);
    await expect(storage.put('images/a.jpg', JPEG_BYTES, 'text/html')).rejects.toThrow(/content type/);
    await expect(storage.put('images/a.html', JPEG_BYTES, 'text/html')).rejects.toThrow(/content type/);
    await expect(storage.put('images/a', JPEG_BYTES, 'image/jpeg')).rejects.toThrow(/content type/);
    expect(await filesUnder(parent)).toEqual([]);
  });

  it.each([
    ['images/a.png', 'image/png'],
    ['images/a.webp', 'image/webp'],
    ['images/a.gif', 'image/gif'],
  ])('keeps %s as %s', async (key, contentType) => {
    const storage = diskStorage(root);
    await storage.put(key, JPEG_BYTES, contentType);
    expect((await storage.get(key))?.contentType).toBe(contentType);
  });
});
