import { createDecipheriv, createECDH, createHmac, createPublicKey, type ECDH, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a browser's push service (Mozilla's, Google's) on this machine, for the tests: it receives
 * what the server posts, checks the VAPID signature (RFC 8292) against the server's public key and decrypts
 * the payload (aes128gcm, RFC 8291) with the private key and auth secret of a subscription it made itself,
 * as the browser would. Everything here is node:crypto, written from the RFCs, not from the web-push
 * package the server uses, so a mistake there is not repeated here.
 */

/** One browser's subscription: what it gives the server (endpoint, keys) and keeps (its private key). */
export type TestDevice = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
};

export type ReceivedPush = {
  device: string;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The VAPID JWT's claims, after its signature was checked. */
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
};

export type PushEndpoint = {
  origin: string;
  received: ReceivedPush[];
  /** Requests that failed a check (bad signature, cannot decrypt), with the reason. */
  rejected: string[];
  /** A new device (subscription) at this push service. */
  newDevice(): TestDevice;
  /** What the device's address answers from now on: 201, or 410 when the browser unsubscribed, ... */
  answer(device: TestDevice, status: number): void;
  close(): Promise<void>;
};

function hkdfExtract(salt: Buffer, ikm: Buffer): Buffer {
  return createHmac('sha256', salt).update(ikm).digest();
}

/** HKDF-Expand for one block (L <= 32), enough for every key RFC 8291 derives. */
function hkdfExpand(prk: Buffer, info: Buffer, length: number): Buffer {
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

/** RFC 8291 section 3 and RFC 8188: one aes128gcm record, decrypted with the device's keys. */
export function decryptAes128gcm(body: Buffer, device: Pick<TestDevice, 'ecdh' | 'authSecret'>): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`the key id is ${idLength} bytes, not a P-256 public key`);
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const sharedSecret = device.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublicKey]);
  const ikm = hkdfExpand(hkdfExtract(device.authSecret, sharedSecret), keyInfo, 32);
  const prk = hkdfExtract(salt, ikm);
  const contentKey = hkdfExpand(prk, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdfExpand(prk, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the public key. */
export function verifyVapid(header: string | undefined, endpoint: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${header}`);
  const [jwt, publicKey] = [match[1], match[2]];
  const [head = '', body = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not a P-256 public key');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const isValid = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!isValid) throw new Error('the VAPID signature does not verify');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header_.alg !== 'ES256') throw new Error(`alg ${header_.alg}`);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== new URL(endpoint).origin) throw new Error(`aud ${claims.aud} is not ${new URL(endpoint).origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp} out of range`);
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return { claims, vapidPublicKey: publicKey };
}

/** Starts a push service on 127.0.0.1 (a random port). */
export async function startPushEndpoint(): Promise<PushEndpoint> {
  const devices = new Map<string, { device: TestDevice; status: number }>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/push\//, ''));
      const entry = devices.get(id);
      if (!entry || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      if (entry.status !== 201) {
        res.writeHead(entry.status).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (req.headers.ttl === undefined) throw new Error('no TTL');
        const vapid = verifyVapid(req.headers.authorization, entry.device.endpoint);
        const plaintext = decryptAes128gcm(Buffer.concat(chunks), entry.device);
        received.push({
          device: entry.device.endpoint,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          payload: JSON.parse(plaintext.toString('utf8')),
          ...vapid,
        });
        res.writeHead(201).end();
      } catch (err) {
        rejected.push(err instanceof Error ? err.message : String(err));
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    rejected,
    newDevice() {
      counter++;
      const id = `device-${counter}-${Date.now().toString(36)}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const device: TestDevice = {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
        ecdh,
        authSecret,
      };
      devices.set(id, { device, status: 201 });
      return device;
    },
    answer(device, status) {
      const id = new URL(device.endpoint).pathname.replace(/^\/push\//, '');
      const entry = devices.get(id);
      if (entry) entry.status = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
