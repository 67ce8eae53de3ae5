import type { S3Client } from '@aws-sdk/client-s3';
import { contentTypeOfKey, isStorageKey, type ObjectStorage } from './object-storage';

type S3Sdk = typeof import('@aws-sdk/client-s3');

export type S3StorageSettings = {
  /** An S3-compatible service's address (MinIO, R2, ...); unset: AWS S3 itself. Set, buckets are addressed by path. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key (`{prefix}/{key}`), so several deployments can share a bucket. */
  keyPrefix?: string | undefined;
};

/** Keys are random and never reused, so a stored object never changes and any cache may keep it for good. */
const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Objects in an S3-compatible bucket. As on disk, keys are checked with isStorageKey, the content type must be
 * the one the key's extension stands for, and the key (not what the bucket says) decides the content type served.
 *
 * A missing object must answer 404: on AWS that needs s3:ListBucket as well as s3:GetObject, otherwise S3
 * answers 403 for a missing key and get() rejects. The secret only signs requests; nothing here logs it.
 * The AWS SDK takes a good part of a second to load, so it is loaded on first use: a server that stores
 * media on disk never pays for it.
 */
export function s3Storage(settings: S3StorageSettings): ObjectStorage {
  const prefix = settings.keyPrefix?.replace(/\/+$/, '') ?? '';
  if (prefix !== '' && !isStorageKey(prefix)) throw new Error(`Refused S3 key prefix ${JSON.stringify(prefix)}`);

  let connection: Promise<{ sdk: S3Sdk; s3: S3Client }> | undefined;
  function connect() {
    connection ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, s3: newClient(sdk, settings) }));
    return connection;
  }

  function objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Refused storage key ${JSON.stringify(key)}`);
    return prefix ? `${prefix}/${key}` : key;
  }

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      const Key = objectKey(key);
      if (contentTypeOfKey(key) !== contentType) {
        throw new Error(`Storage key ${JSON.stringify(key)} does not match content type ${contentType}`);
      }
      const { sdk, s3 } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: settings.bucket,
          Key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          CacheControl: IMMUTABLE_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      const Key = objectKey(key);
      const contentType = contentTypeOfKey(key);
      if (!contentType) return undefined;
      const { sdk, s3 } = await connect();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key }));
        if (!object.Body) return undefined;
        return { bytes: ownedBytes(await object.Body.transformToByteArray()), contentType };
      } catch (err) {
        if (isMissingObject(err)) return undefined;
        throw err;
      }
    },
    async delete(key) {
      const Key = objectKey(key);
      const { sdk, s3 } = await connect();
      // S3 answers a deletion of a missing object with success too.
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key }));
    },
  };
}

function newClient(sdk: S3Sdk, settings: S3StorageSettings): S3Client {
  return new sdk.S3Client({
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    ...(settings.endpoint && {
      endpoint: settings.endpoint,
      // Most S3-compatible services do not serve bucket.host addresses.
      forcePathStyle: true,
      // Send and check the newer integrity checksums only where S3 demands them: not every
      // S3-compatible service understands them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000, throwOnRequestTimeout: true },
  });
}

/** No such object: NoSuchKey, or a bare 404. A missing bucket is a misconfiguration, not a missing file. */
function isMissingObject(err: unknown): boolean {
  if (!(err instanceof Error) || err.name === 'NoSuchBucket') return false;
  const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return err.name === 'NoSuchKey' || status === 404;
}

/** The bytes in a buffer of their own: copied only when they are a view of a larger or shared one. */
function ownedBytes(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = bytes;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
    return bytes as Uint8Array<ArrayBuffer>;
  }
  return new Uint8Array(bytes);
}
