import { describe, expect, it } from 'vitest';
import { looksLikeXml, sanitiseSvg } from './svg-sanitiser';
import { chainedBlurSvg, slowSvg } from './test-images';

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array | undefined) => (bytes ? new TextDecoder().decode(bytes) : undefined);
const svg = (body: string, rootAttributes = '') =>
  encode(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${rootAttributes}>${body}</svg>`);

describe('sanitiseSvg', () => {
  it('refuses the 300-blur SVG of issue 16 at once', () => {
    const started = performance.now();
    expect(sanitiseSvg(chainedBlurSvg(300))).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(500);
  });

  it.each([
    ['a filter', '<filter id="f"><feGaussianBlur stdDeviation="5"/></filter><rect filter="url(#f)"/>'],
    ['a filter function in an attribute', '<rect width="5" height="5" filter="blur(5)"/>'],
    ['a filter in a style', '<rect width="5" height="5" style="fill:red; filter: blur(5px)"/>'],
    ['a mask', '<mask id="m"><rect width="5" height="5"/></mask><rect mask="url(#m)"/>'],
    ['a pattern', '<pattern id="p" width="1" height="1"><rect width="1" height="1"/></pattern>'],
    ['a marker', '<marker id="m"><rect/></marker><path d="M0 0L5 5" marker-end="url(#m)"/>'],
    ['an image', '<image href="https://example.com/a.png" width="5" height="5"/>'],
    ['a filter image', '<filter id="f"><feImage href="#r"/></filter>'],
    [
      'a foreign object',
      '<foreignObject width="5" height="5"><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>',
    ],
    ['an animation', '<rect width="5" height="5"><animate attributeName="x" from="0" to="5" dur="1s"/></rect>'],
    ['a stylesheet', '<style>rect { fill: red }</style><rect width="5" height="5"/>'],
    ['an outside document in <use>', '<use href="https://example.com/sprite.svg#a"/>'],
    ['a data: document in <use>', '<use xlink:href="data:image/svg+xml;base64,PHN2Zy8+#x"/>'],
    ['an outside paint', '<rect width="5" height="5" fill="url(https://example.com/p.svg#g)"/>'],
    ['a paint spelt with a CSS escape', '<rect width="5" height="5" fill="u\\72l(#g)"/>'],
    ['an unknown function', '<rect width="5" height="5" fill="image(#g)"/>'],
    [
      'a <use> of a <use> (a few of them make billions)',
      '<g id="a"><rect/></g><g id="b"><use href="#a"/></g><use href="#b"/>',
    ],
  ])('refuses an SVG with %s', (_name, body) => {
    const document = svg(body, ' xmlns:xlink="http://www.w3.org/1999/xlink"');
    expect(sanitiseSvg(document)).toBeUndefined();
  });

  it('refuses entities, broken XML, other encodings and other roots', () => {
    const entities =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY e "<rect/>">]><svg xmlns="http://www.w3.org/2000/svg">&e;</svg>';
    expect(sanitiseSvg(encode(entities))).toBeUndefined();
    expect(sanitiseSvg(svg('<rect>'))).toBeUndefined();
    expect(
      sanitiseSvg(encode('<?xml version="1.0" encoding="UTF-16"?><svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeUndefined();
    expect(sanitiseSvg(encode('<html><body>hello</body></html>'))).toBeUndefined();
    expect(sanitiseSvg(encode('<svg xmlns="http://www.w3.org/1999/xhtml"><rect/></svg>'))).toBeUndefined();
    expect(sanitiseSvg(new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]))).toBeUndefined();
  });

  it('takes an SVG written without its namespace, as librsvg does', () => {
    expect(decode(sanitiseSvg(encode('<svg width="10" height="10"><rect width="10" height="10"/></svg>')))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">' +
        '<rect width="10" height="10"></rect></svg>',
    );
  });

  it('refuses elements nested more than 32 deep', () => {
    expect(sanitiseSvg(svg(`${'<g>'.repeat(30)}<rect/>${'</g>'.repeat(30)}`))).toBeDefined();
    expect(sanitiseSvg(svg(`${'<g>'.repeat(40)}<rect/>${'</g>'.repeat(40)}`))).toBeUndefined();
  });

  it('leaves out scripts, event handlers, editor data and classes, and keeps the drawing', () => {
    const out = decode(
      sanitiseSvg(
        encode(
          '<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' +
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" ' +
            'width="40" height="30" onload="alert(1)"><title>t</title><script>alert(2)</script>' +
            '<inkscape:grid/><rect class="a" inkscape:label="bg" width="40" height="30" ' +
            'style="fill:#00ff00;stroke:none !important" onclick="alert(3)"/><!-- note --></svg>',
        ),
      ),
    );
    expect(out).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="30">' +
        '<rect width="40" height="30" fill="#00ff00" stroke="none"></rect></svg>',
    );
  });

  it('keeps gradients, clip paths, local <use>, text and transforms', () => {
    const out = decode(
      sanitiseSvg(
        svg(
          '<defs><linearGradient id="g"><stop offset="0" stop-color="rgb(255, 0, 0)"/></linearGradient>' +
            '<clipPath id="c"><circle r="4"/></clipPath></defs>' +
            '<rect id="r" width="5" height="5" fill="url(#g)" clip-path="url(\'#c\')" transform="rotate(45) scale(2)"/>' +
            '<use href="#r" x="5"/><text x="1" y="9" font-family="\'Open Sans\', sans-serif">A &amp; B &lt;3</text>',
        ),
      ),
    );
    expect(out).toContain('<linearGradient id="g"><stop offset="0" stop-color="rgb(255, 0, 0)"></stop>');
    expect(out).toContain('clip-path="url(\'#c\')"');
    expect(out).toContain('<use xlink:href="#r" x="5"></use>');
    expect(out).toContain('font-family="\'Open Sans\', sans-serif">A &amp; B &lt;3</text>');
  });

  it('passes an SVG made only of allowed parts, however slow it is to draw (the time limit handles that)', () => {
    expect(sanitiseSvg(slowSvg(2000))).toBeDefined();
  });
});

describe('looksLikeXml', () => {
  it('tells markup from the binary formats', () => {
    expect(looksLikeXml(encode('\ufeff  <svg/>'))).toBe(true);
    expect(looksLikeXml(encode('\n<?xml version="1.0"?>'))).toBe(true);
    expect(looksLikeXml(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(looksLikeXml(new Uint8Array([0x1f, 0x8b, 0x08]))).toBe(false);
  });
});
