import { PRODUCT_NAME, TAGLINE } from '@sweetwish/shared/brand';
import { BROWSER_COOKIES, hasCookie } from '@sweetwish/shared/browser-cookies';
import { handleProblem, isReservedHandle } from '@sweetwish/shared/handle';
import { DEFAULT_WISH_DESCRIPTION } from '@sweetwish/shared/wishes';
import type { Context } from 'hono';
import type { PublicCache } from '../../changes/public-cache';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { pathSegments } from '../../http/path-segments';
import type { PageMeta } from '../../http/web-app';
import { getProgress } from '../group-gifts/service';
import { getPublicProfile } from '../profiles/service';
import { profilePage } from '../wishes/profile-page';
import { getWishPage } from '../wishes/service';

export type { PageMeta };

const DESCRIPTION_MAX = 200;

function clip(text: string) {
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}

async function orUndefined<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return undefined;
    throw err;
  }
}

/**
 * The meta of /x/{id} and /{handle}[/tip] (architecture.md section 8). A past handle redirects to the current
 * one. Any other path has none and gets the app's default tags.
 */
export async function pageMeta(db: Database, path: string): Promise<PageMeta | undefined> {
  const [first, second, ...rest] = pathSegments(path) ?? [];
  if (!first || rest.length > 0) return undefined;

  if (first === 'x' && second) {
    const page = await orUndefined(getWishPage(db, second));
    if (!page) return undefined;
    const { wish, seller } = page;
    return {
      kind: 'meta',
      title: `${wish.name} · ${PRODUCT_NAME}`,
      description: clip(
        `$${wish.cost.toLocaleString('en-US')} on ${seller.displayName}'s wishlist. ${wish.description || DEFAULT_WISH_DESCRIPTION}`,
      ),
      image: wish.image,
      path: `/x/${wish.id}`,
      page: JSON.stringify(wish.isGroupGift ? { ...page, groupGift: await getProgress(db, wish.id, undefined) } : page),
    };
  }

  if (handleProblem(first) || isReservedHandle(first) || (second !== undefined && second !== 'tip')) return undefined;
  const profile = await orUndefined(getPublicProfile(db, first));
  if (!profile) return undefined;
  const suffix = second ? `/${second}` : '';
  if (profile.handle !== first && profile.handle.toLowerCase() !== first.toLowerCase()) {
    return { kind: 'redirect', location: `/${profile.handle}${suffix}` };
  }
  return {
    kind: 'meta',
    title: `${profile.displayName} (@${profile.handle}) · ${PRODUCT_NAME}`,
    description: clip(profile.description || `${profile.displayName}'s wishlist on ${PRODUCT_NAME}: ${TAGLINE}.`),
    image: profile.photoUrl ?? profile.bannerUrl,
    path: `/${profile.handle}${suffix}`,
  };
}

/**
 * The JSON a creator's page shows (its API call's answer), for the server to render the page with (decision
 * 042); undefined when the creator is gone. A wish's comes with its meta.
 */
export async function profilePageData(
  db: Database,
  publicCache: PublicCache,
  path: string,
): Promise<string | undefined> {
  const [handle] = pathSegments(path) ?? [];
  if (!handle) return undefined;
  return (await orUndefined(profilePage(db, publicCache, handle)))?.plain.toString();
}

/**
 * The JSON the landing page is rendered with (decision 043): whether this browser visited it before (its
 * cookie), for the first visit's animation.
 */
export function landingPageData(c: Context): string {
  return JSON.stringify({ browser: { isFirstVisit: !hasCookie(c.req.header('Cookie'), BROWSER_COOKIES.visited) } });
}
