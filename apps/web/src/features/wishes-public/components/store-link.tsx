import Link from '@mui/material/Link';

/**
 * "See it in the store" (product.md section 2): the store page a wish was read from, when its creator shows
 * it. Opened apart, telling the store nothing of this page; only an http(s) address is ever a link.
 */
export function StoreLink({ url }: { url: string | null | undefined }) {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  return (
    <Link
      href={url}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      referrerPolicy="no-referrer"
      underline="hover"
    >
      See it in the store
    </Link>
  );
}
