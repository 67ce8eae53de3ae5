/**
 * The "Add to Sweetwish" bookmarklet (product.md section 2): on any page, opens Create wish on this site
 * with that page's address to read, as the share sheet does on a phone.
 */
export function addWishBookmarklet(origin: string): string {
  const createUrl = JSON.stringify(`${origin}/create?url=`);
  return `javascript:(()=>{location.href=${createUrl}+encodeURIComponent(location.href)})()`;
}
