/**
 * Where uploaded files live. Implementations: files on disk under DATA_DIR/media (disk-storage.ts, the
 * default) and S3-compatible object storage when S3_* is configured (s3-storage.ts). Keys are relative paths
 * such as `images/users/{uid}/{random}.jpg`.
 */
export type ObjectStorage = {
  kind: 'disk' | 's3';
  /** Stores the bytes under the key, replacing what was there. Rejects a key isStorageKey refuses. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * The stored file, or undefined when there is none. Rejects a key isStorageKey refuses. The bytes own
   * their buffer (not a view of a shared one), so they can be sent as a response body as they are.
   */
  get(key: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string } | undefined>;
  /** Removes the file; a missing one is no error. Rejects a key isStorageKey refuses. */
  delete(key: string): Promise<void>;
};

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const MAX_KEY_LENGTH = 512;

/**
 * Whether a key is safe to use as a path: segments of [A-Za-z0-9_.-] joined by single slashes, none of them
 * hidden (starting with a dot) and no `..` anywhere, so a key can never reach outside the storage root.
 */
export function isStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || key.includes('..')) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/** The content types storage keeps, by file extension: images only, so nothing stored can be served as a page. */
export const CONTENT_TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The content type a key's extension stands for, or undefined for an extension storage does not keep. */
export function contentTypeOfKey(key: string): string | undefined {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return key.includes('.') ? CONTENT_TYPE_BY_EXTENSION[extension] : undefined;
}
