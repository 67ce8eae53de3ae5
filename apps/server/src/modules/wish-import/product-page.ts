import { WISH_DESCRIPTION_MAX, WISH_NAME_MAX } from '@sweetwish/shared/wish-rules';
import type { CheerioAPI } from 'cheerio/slim';
import { load } from 'cheerio/slim';
import { type MicrodataItem, microdataItems } from './microdata';

/** What a product page says about its product, each field from the best place the page has it. */
export type ProductFacts = {
  name: string;
  description: string;
  /** Absolute http(s) addresses, best first. */
  images: string[];
  /** The price as the store wrote it ("1,299.00") and its ISO 4217 currency, when the page has both. */
  price: { amount: string; currency: string } | undefined;
};

/** A schema.org object as JSON-LD or microdata give it: any shape, checked as it is read. */
type Thing = Record<string, unknown>;

/**
 * Reads a product page the way stores publish one, in this order for each field: schema.org `Product` in
 * JSON-LD (also inside `@graph` and arrays), schema.org microdata, Open Graph with `product:price:*`, and
 * the page title as the last resort for the name. Name and description are plain text cut to the wish's
 * limits.
 */
export function readProductPage(html: string, pageUrl: string): ProductFacts {
  const $ = load(html);
  const products = [...jsonLdProducts($), ...microdataItems($).filter(isProductItem).map(microdataToThing)];
  const meta = (name: string) =>
    $(`meta[property="${name}"], meta[name="${name}"]`).first().attr('content')?.trim() || undefined;

  const name =
    firstText(products.map((p) => p.name)) ??
    meta('og:title') ??
    meta('twitter:title') ??
    ($('title').first().text().trim() || undefined);
  const description =
    firstText(products.map((p) => p.description)) ??
    meta('og:description') ??
    meta('description') ??
    meta('twitter:description');
  const images = [
    ...products.flatMap((p) => imageUrls(p.image)),
    ...[meta('og:image:secure_url'), meta('og:image'), meta('twitter:image')].flatMap((u) => (u ? [u] : [])),
  ];
  const metaPrice = priceOf(
    meta('product:price:amount') ?? meta('og:price:amount'),
    meta('product:price:currency') ?? meta('og:price:currency'),
  );
  return {
    name: cutText(plainText(name ?? ''), WISH_NAME_MAX, true),
    description: cutText(plainText(description ?? ''), WISH_DESCRIPTION_MAX, false),
    images: unique(images.flatMap((url) => absoluteWebUrl(url, pageUrl) ?? [])),
    price: products.map(productPrice).find((p) => p !== undefined) ?? metaPrice,
  };
}

function jsonLdProducts($: CheerioAPI): Thing[] {
  const found: Thing[] = [];
  $('script[type="application/ld+json"]').each((_, element) => {
    const parsed = parseJson($(element).text());
    if (parsed !== undefined) collectProducts(parsed, found, 0);
  });
  return found;
}

/** JSON-LD as stores write it: sometimes wrapped in an HTML comment or CDATA, or with a trailing comma. */
function parseJson(text: string): unknown {
  const cleaned = text
    .trim()
    .replace(/^(<!--|\/\/<!\[CDATA\[|<!\[CDATA\[)/, '')
    .replace(/(-->|\/\/\]\]>|\]\]>)$/, '')
    .trim();
  for (const candidate of [cleaned, cleaned.replace(/,\s*([}\]])/g, '$1')]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // Tried without trailing commas next; a page whose JSON-LD cannot be read still has its other tags.
    }
  }
  return undefined;
}

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel']);

/** Whether a schema.org type (`Product`, `schema:Product`, `https://schema.org/Product`, or a list) is a product. */
function isProductType(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === 'string' && PRODUCT_TYPES.has(t.split(/[/:#]/).pop()?.toLowerCase() ?? ''));
}

function collectProducts(value: unknown, found: Thing[], depth: number) {
  if (depth > 8 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectProducts(item, found, depth + 1);
    return;
  }
  const thing = value as Thing;
  if (isProductType(thing['@type'])) found.push(thing);
  for (const key of ['@graph', 'mainEntity', 'mainEntityOfPage', 'itemListElement', 'item']) {
    collectProducts(thing[key], found, depth + 1);
  }
}

function isProductItem(item: MicrodataItem): boolean {
  return item.types.some((type) => isProductType(type));
}

/** A microdata item as the JSON-LD reader takes it: one value per property, nested items as objects. */
function microdataToThing(item: MicrodataItem): Thing {
  const thing: Thing = { '@type': item.types };
  for (const [name, values] of Object.entries(item.properties)) {
    thing[name] = values.map((value) => (typeof value === 'string' ? value : microdataToThing(value)));
  }
  return thing;
}

function firstText(values: unknown[]): string | undefined {
  for (const value of values) {
    const text = textOf(value);
    if (text) return text;
  }
  return undefined;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return firstText(value);
  if (value && typeof value === 'object') return textOf((value as Thing)['@value']);
  return undefined;
}

function imageUrls(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(imageUrls);
  if (value && typeof value === 'object') {
    const image = value as Thing;
    return imageUrls(image.contentUrl ?? image.contentURL ?? image.url ?? image.src);
  }
  return [];
}

/** The price of a product: its offers (an Offer, a list, an AggregateOffer), or its first variant's. */
function productPrice(product: Thing): ProductFacts['price'] {
  return offerPrice(product.offers, 0) ?? offerPrice(firstOf(product.hasVariant), 1);
}

function offerPrice(value: unknown, depth: number): ProductFacts['price'] {
  if (depth > 4 || value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const price = offerPrice(item, depth + 1);
      if (price) return price;
    }
    return undefined;
  }
  const offer = value as Thing;
  const specification = firstOf(offer.priceSpecification) as Thing | undefined;
  return (
    priceOf(textOf(offer.price), textOf(offer.priceCurrency)) ??
    priceOf(textOf(offer.lowPrice), textOf(offer.priceCurrency)) ??
    (specification && priceOf(textOf(specification.price), textOf(specification.priceCurrency))) ??
    offerPrice(offer.offers, depth + 1)
  );
}

function firstOf(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

function priceOf(amount: string | undefined, currency: string | undefined): ProductFacts['price'] {
  const code = currency?.trim().toUpperCase();
  if (!amount || !code || !/^[A-Z]{3}$/.test(code) || !/\d/.test(amount)) return undefined;
  return { amount: amount.trim(), currency: code };
}

/** Text with any markup and entities a store left in it turned into plain words. */
function plainText(text: string): string {
  const decoded = /[<&]/.test(text) ? load(`<body>${text}</body>`)('body').text() : text;
  // Control characters (other than line breaks) have no place in a wish.
  return decoded.replace(/(?!\n)\p{Cc}/gu, ' ');
}

/** Whitespace tidied (a name on one line) and cut to `max` UTF-16 units without splitting a character. */
export function cutText(text: string, max: number, isOneLine: boolean): string {
  const tidy = isOneLine
    ? text.replace(/\s+/g, ' ').trim()
    : text
        .replace(/[ \t\r\f\v]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
  if (tidy.length <= max) return tidy;
  const cut = tidy.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return (last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut).trimEnd();
}

function absoluteWebUrl(url: string, base: string): string | undefined {
  try {
    const absolute = new URL(url.trim(), base);
    return absolute.protocol === 'https:' || absolute.protocol === 'http:' ? absolute.href : undefined;
  } catch {
    return undefined;
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
