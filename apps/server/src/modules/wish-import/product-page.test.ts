import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProductPage } from './product-page';
import { centsOf, tokensOfUsd } from './store-price';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/store-pages');
const read = (name: string, pageUrl = `https://shop.example/products/${name}`) =>
  readProductPage(fs.readFileSync(path.join(FIXTURES, `${name}.html`), 'utf8'), pageUrl);

// One test per saved store page: the fields the parser must fill from what that kind of store publishes.
describe('reading a product page', () => {
  it('Shopify: the JSON-LD Product (a number price, a relative image) over its Open Graph tags', () => {
    expect(read('shopify', 'https://fernandfield.example/products/linen-throw-blanket')).toEqual({
      name: 'Linen Throw Blanket – Oat',
      description: 'Stonewashed European linen, hand-finished edges.\n\nSize: 130 x 170 cm. Machine washable at 40°C.',
      images: [
        'https://fernandfield.example/cdn/shop/files/product.jpg?v=1712345678&width=1920',
        'https://fernandfield.example/cdn/shop/files/linen-throw-og.jpg?v=1712345678',
        'http://fernandfield.example/cdn/shop/files/linen-throw-og.jpg?v=1712345678',
      ],
      price: { amount: '148.5', currency: 'USD' },
    });
  });

  it('Etsy: a long title cut to 100 characters, entities decoded, an AggregateOffer, contentURL images', () => {
    const facts = read('etsy');
    expect(facts.name).toBe(
      'Personalized Birth Flower Necklace, Dainty Gold Name Necklace, Custom Jewelry Gift for Her, Mothers',
    );
    expect(facts.name.length).toBeLessThanOrEqual(100);
    expect(facts.description.startsWith('★ HOW TO ORDER ★\n1. Choose your birth flower & chain length.')).toBe(true);
    expect(facts.description.length).toBe(1000);
    expect(facts.images[0]).toBe('https://i.etsystatic.example/il_fullxfull.5512345678_abcd.jpg');
    expect(facts.price).toEqual({ amount: '24.50', currency: 'USD' });
  });

  it('Amazon: no structured data, so the title (cut to 100) and the meta description, no price or image', () => {
    expect(read('amazon')).toEqual({
      name: 'Amazon.com: Stainless Steel Insulated Tumbler with Handle and Straw, 40 oz, Rose Quartz : Home & Kit',
      description:
        'Amazon.com: Stainless Steel Insulated Tumbler with Handle and Straw, 40 oz, Rose Quartz : Home & Kitchen',
      images: [],
      price: undefined,
    });
  });

  it('WooCommerce: the Product inside a second @graph, its HTML description as text', () => {
    expect(read('woocommerce')).toEqual({
      name: 'Hand-thrown Stoneware Mug',
      description:
        'Wheel-thrown in speckled stoneware and dipped in a satin oat glaze.\nHolds 350 ml. Dishwasher safe.',
      images: ['https://kilnandco.example/wp-content/uploads/2026/03/stoneware-mug.jpg'],
      price: { amount: '32.00', currency: 'USD' },
    });
  });

  it('Open Graph only: og:title, og:description, og:image and product:price:* (a lower-case currency)', () => {
    expect(read('open-graph-only', 'http://127.0.0.1:4000/products/camera')).toEqual({
      name: 'Pocket Film Camera',
      description: 'A reusable 35 mm point-and-shoot with a built-in flash. Takes any 35 mm film.',
      images: ['http://127.0.0.1:4000/images/pocket-camera.jpg'],
      price: { amount: '19.99', currency: 'USD' },
    });
  });

  it('microdata only: the Product item, its nested Offer, and not the Brand’s name', () => {
    expect(read('microdata-only', 'https://northknit.example/shop/beanie')).toEqual({
      name: 'Merino Wool Beanie',
      description: 'Ribbed, double-layered and soft on the skin.',
      images: ['https://northknit.example/shop/images/beanie.jpg'],
      price: { amount: '59.95', currency: 'USD' },
    });
  });

  it('a euro price: the Product in a top-level array, an ImageObject, the price kept in euros', () => {
    expect(read('euro-price')).toEqual({
      name: 'Keramik-Teekanne Salbei',
      description: 'Handgedrehte Teekanne aus Steinzeug, 1,2 Liter.',
      images: ['https://ateliergruen.example/media/teekanne.jpg'],
      price: { amount: '89.90', currency: 'EUR' },
    });
  });

  it('no product: the page title and description, nothing else', () => {
    expect(read('no-product')).toEqual({
      name: 'Oak & Ash – Handmade homeware',
      description: 'Small-batch homeware, made in our Bristol workshop.',
      images: [],
      price: undefined,
    });
  });

  it('an empty page: nothing at all', () => {
    expect(readProductPage('<html><body><p>hello</p></body></html>', 'https://a.example/')).toEqual({
      name: '',
      description: '',
      images: [],
      price: undefined,
    });
  });

  it('JSON-LD that will not parse is skipped, and images that are not web addresses are dropped', () => {
    const html = `<script type="application/ld+json">{"@type":"Product",</script>
      <script type="application/ld+json">{"@type":"Product","name":"Lamp","image":["javascript:alert(1)","data:image/png;base64,AA","/lamp.png"],}</script>`;
    expect(readProductPage(html, 'https://a.example/p')).toMatchObject({
      name: 'Lamp',
      images: ['https://a.example/lamp.png'],
    });
  });
});

describe('a store price in tokens', () => {
  it('reads the ways stores write prices, and rounds US dollars up to whole tokens', () => {
    expect(['29.99', '29', '1,299.00', '1.299,00', '$45.5', '89,90', '0.01'].map(centsOf)).toEqual([
      2999, 2900, 129900, 129900, 4550, 8990, 1,
    ]);
    expect(['29.01', '30.00', '148.5', '1,299.99'].map(tokensOfUsd)).toEqual([30, 30, 149, 1300]);
    expect(tokensOfUsd('free')).toBeUndefined();
  });
});
