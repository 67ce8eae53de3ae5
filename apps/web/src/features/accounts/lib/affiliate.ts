import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';

/** Affiliate codes are compared trimmed and lowercased (product.md section 7, affiliate code lookup). */
export function normalizeAffiliate(code: string | null | undefined): string | null {
  const normalized = code?.trim().toLowerCase();
  return normalized || null;
}

/** Keeps an invite's code for the rest of the session (product.md section 2). */
export function rememberAffiliate(code: string | null | undefined): void {
  const normalized = normalizeAffiliate(code);
  if (normalized) writeStored(STORAGE_KEYS.affiliate, normalized, 'session');
}

/** The invite code kept in this session, if any. */
export function rememberedAffiliate(): string | null {
  return normalizeAffiliate(readStored(STORAGE_KEYS.affiliate, 'session'));
}
