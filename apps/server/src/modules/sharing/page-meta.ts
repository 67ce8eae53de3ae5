import { PRODUCT_NAME, TAGLINE } from '@sweetwish/shared/brand';
import { BROWSER_COOKIES, hasCookie } from '@sweetwish/shared/browser-cookies';
import { WALL_FIRST_PAGE_SIZE } from '@sweetwish/shared/gift-message-rules';
import { handleProblem, isReservedHandle } from '@sweetwish/shared/handle';
import { DEFAULT_WISH_DESCRIPTION } from '@sweetwish/shared/wishes';
import type { Context } from 'hono';
import type { PublicCache } from '../../changes/public-cache';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { pathSegments } from '../../http/path-segments';
import type { PageMeta } from '../../http/web-app';
import { getWall } from '../gifts/wall';
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
 * The JSON a creator's page shows (its API calls' answers), for the server to render the page with (decision
 * 042); undefined when the creator is gone. A wish's comes with its meta. The supporters wall's first page
 * rides along when it has entries (`wall`, decision 101): it changes with every gift, so it is read apart from
 * the cached profile and wishlist, and the page is the same as before for a creator without a wall.
 */
export async function profilePageData(
  db: Database,
  publicCache: PublicCache,
  path: string,
): Promise<string | undefined> {
  const [handle] = pathSegments(path) ?? [];
  if (!handle) return undefined;
  const [page, wall] = await Promise.all([
    orUndefined(profilePage(db, publicCache, handle)),
    orUndefined(getWall(db, handle, { limit: WALL_FIRST_PAGE_SIZE })),
  ]);
  const json = page?.plain.toString();
  if (json === undefined || !wall || wall.items.length === 0) return json;
  // The cached answer is a JSON object: the wall goes in as its last member, without parsing the wishlist.
  return `${json.slice(0, json.lastIndexOf('}'))},"wall":${JSON.stringify(wall)}}`;
}

/**
 * The JSON the landing page is rendered with (decision 043): whether this browser visited it before (its
 * cookie), for the first visit's animation.
 */
export function landingPageData(c: Context): string {
  return JSON.stringify({ browser: { isFirstVisit: !hasCookie(c.req.header('Cookie'), BROWSER_COOKIES.visited) } });
}
