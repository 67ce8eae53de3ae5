// The media half of `npm run db:move`: the files under DATA_DIR/media, copied into object storage (S3).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfKey, isStorageKey, type ObjectStorage } from '../../adapters/storage/object-storage';

export type MediaCopy = { copied: number; skipped: string[] };

/** Every file under the media folder, as its storage key; the half-written ones in `.tmp` are not media. */
export async function mediaKeys(mediaDir: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(mediaDir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(mediaDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((key) => !key.startsWith('.tmp/'))
    .sort();
}

/**
 * Puts each file into the storage under the same key, as the server would have stored it. A file whose name
 * is no storage key (nothing the server wrote) is left and reported.
 */
export async function copyMedia(mediaDir: string, storage: ObjectStorage): Promise<MediaCopy> {
  const result: MediaCopy = { copied: 0, skipped: [] };
  for (const key of await mediaKeys(mediaDir)) {
    const contentType = isStorageKey(key) ? contentTypeOfKey(key) : undefined;
    if (!contentType) {
      result.skipped.push(key);
      continue;
    }
    await storage.put(key, await readFile(path.join(mediaDir, key)), contentType);
    result.copied++;
  }
  return result;
}
