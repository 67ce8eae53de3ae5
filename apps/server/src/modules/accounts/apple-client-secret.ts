import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import type { AppleSecretSource } from '../../config';

/** Apple refuses client secrets that live longer than six months; ours live 30 days. */
const LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Signed again once a day, so a secret in use always has weeks left. */
const RENEW_AFTER_SECONDS = 24 * 60 * 60;

/**
 * The client secret Apple's token endpoint asks for: a fixed one as configured, or an ES256 JWT signed
 * with the team's key (https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret),
 * made on first use and renewed before it expires. Synchronous, because better-auth reads the secret as a
 * plain option each time it exchanges a code.
 */
export function appleClientSecret(source: AppleSecretSource, clientId: string, now = () => Date.now()): () => string {
  if (source.kind === 'fixed') return () => source.clientSecret;
  // Parsed once at start-up: a malformed key stops the server instead of the first Apple sign-in.
  const key = createPrivateKey(source.privateKey);
  let current: { jwt: string; issuedAt: number } | undefined;
  return () => {
    const nowSeconds = Math.floor(now() / 1000);
    if (!current || nowSeconds - current.issuedAt >= RENEW_AFTER_SECONDS) {
      current = { jwt: signClientSecret(key, source, clientId, nowSeconds), issuedAt: nowSeconds };
    }
    return current.jwt;
  };
}

function signClientSecret(key: KeyObject, source: { teamId: string; keyId: string }, clientId: string, iat: number) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const header = encode({ alg: 'ES256', kid: source.keyId });
  const claims = encode({
    iss: source.teamId,
    iat,
    exp: iat + LIFETIME_SECONDS,
    aud: 'https://appleid.apple.com',
    sub: clientId,
  });
  // JWS wants the raw r||s signature, not DER.
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' });
  return `${header}.${claims}.${signature.toString('base64url')}`;
}
