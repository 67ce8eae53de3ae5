import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfKey, isStorageKey, type ObjectStorage } from './object-storage';

/** Half-written files wait here; keys cannot name it, because no key segment may start with a dot. */
const TEMP_DIR = '.tmp';

/**
 * Files on the local disk under rootDir (DATA_DIR/media by default). The content type follows from the key's
 * extension, so no side file has to be kept in step. Each file is written to a temporary name, flushed and
 * then renamed into place: a reader or a crash never sees half a file.
 */
export function diskStorage(rootDir: string): ObjectStorage {
  const root = path.resolve(rootDir);

  function pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Refused storage key ${JSON.stringify(key)}`);
    const file = path.resolve(root, key);
    // isStorageKey already keeps keys inside the root; this guards against a future change to it.
    if (!file.startsWith(`${root}${path.sep}`)) throw new Error(`Refused storage key ${JSON.stringify(key)}`);
    return file;
  }

  return {
    kind: 'disk',
    async put(key, bytes, contentType) {
      const file = pathOf(key);
      if (contentTypeOfKey(key) !== contentType) {
        throw new Error(`Storage key ${JSON.stringify(key)} does not match content type ${contentType}`);
      }
      const tempDir = path.join(root, TEMP_DIR);
      await Promise.all([mkdir(path.dirname(file), { recursive: true }), mkdir(tempDir, { recursive: true })]);
      const temp = path.join(tempDir, `${randomUUID()}.part`);
      try {
        const handle = await open(temp, 'wx');
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = pathOf(key);
      const contentType = contentTypeOfKey(key);
      if (!contentType) return undefined;
      try {
        return { bytes: await readFile(file), contentType };
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
        throw err;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
