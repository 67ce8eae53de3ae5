import { type SaxesAttributeNS, SaxesParser } from 'saxes';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_ELEMENTS,
  ALLOWED_FUNCTIONS,
  ALLOWED_PROPERTIES,
  DROPPED_ELEMENTS,
  LINKING_ELEMENTS,
  REFUSED_PROPERTIES,
  TEXT_ELEMENTS,
} from './svg-allow-lists';

/**
 * Rewrites an uploaded SVG from an allow-list before librsvg sees it, so librsvg only ever draws a document
 * we wrote. It keeps shapes, paths, text, gradients, clip paths, groups, local `<use>` and plain presentation
 * styling. It refuses (undefined) what draws but could take the machine (filters, masks, patterns, markers,
 * embedded or external images and documents, foreignObject, animation, stylesheets, entities, any reference
 * that is not `#id` in this document, nested `<use>`), and drops silently what never draws (scripts, event
 * handlers, titles, metadata, editors' own elements and attributes). The input must be well-formed UTF-8 XML.
 * Filters were the 300-blur bomb of issue 16; the rest are the known ways to make librsvg load or allocate
 * more than the file's size suggests.
 */
export function sanitiseSvg(bytes: Uint8Array): Uint8Array | undefined {
  const root = parse(bytes);
  if (root?.name !== 'svg' || !isAcceptable(root)) return undefined;
  return new TextEncoder().encode(serialise(root, true));
}

/** Whether the bytes are meant as XML (an SVG candidate): every other accepted format starts with binary magic. */
export function looksLikeXml(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at] ?? 0)) at++;
  return bytes[at] === 0x3c; // '<'
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Deeper nesting is refused: each group with opacity or a clip can cost librsvg a surface of the whole image. */
const MAX_DEPTH = 32;
/** Elements, counting each `<use>` as the elements it copies. */
const MAX_ELEMENTS = 50_000;

type Element = { name: string; attributes: Map<string, string>; children: Node[] };
type Node = Element | string;

const ID = /^[A-Za-z_][\w.:-]*$/;
const LOCAL_URL = /^url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)$/i;

/** The document as a tree of SVG elements, or undefined when it is not well-formed or declares entities. */
function parse(bytes: Uint8Array): Element | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  // The text decoded is the text meant only when the document says UTF-8 (or nothing).
  const encoding = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']/i.exec(text)?.[1];
  if (encoding !== undefined && !/^(utf-?8|us-ascii)$/i.test(encoding)) return undefined;

  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: Element[] = [];
  let root: Element | undefined;
  /** Depth inside an element that is left out; its whole subtree goes. */
  let skipping = 0;
  let isRefused = false;
  parser.on('doctype', (doctype) => {
    // An internal subset declares entities (or more): they could assemble what the checks never see.
    if (doctype.includes('[')) isRefused = true;
  });
  parser.on('opentag', (tag) => {
    // librsvg draws hand-written SVG without the namespace too; other namespaces are editors' data.
    const isSvg = tag.uri === SVG_NS || tag.uri === '';
    if (skipping > 0 || !isSvg || DROPPED_ELEMENTS.has(tag.local)) {
      skipping++;
      return;
    }
    const element: Element = { name: tag.local, attributes: attributesOf(tag.attributes), children: [] };
    if (stack.length >= MAX_DEPTH) isRefused = true;
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root ??= element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    if (skipping > 0) skipping--;
    else stack.pop();
  });
  const onText = (chars: string) => {
    const parent = stack.at(-1);
    if (skipping === 0 && parent && TEXT_ELEMENTS.has(parent.name)) parent.children.push(chars);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  try {
    parser.write(text).close();
  } catch {
    // Not well-formed, or a reference to an entity that is not one of XML's five.
    return undefined;
  }
  return isRefused ? undefined : root;
}

/**
 * The attributes kept, by name: presentation properties from attributes and from `style` (style wins, as in
 * CSS), `href` as `xlink:href`, `xml:space`; `refused` marks one that refuses the whole SVG. Anything else
 * (event handlers, class, editors' namespaces) is left out.
 */
function attributesOf(attributes: Record<string, SaxesAttributeNS>): Map<string, string> {
  const kept = new Map<string, string>();
  const take = (name: string, value: string) => {
    if (REFUSED_PROPERTIES.has(name)) {
      if (value.trim().toLowerCase() !== 'none' && value.trim().toLowerCase() !== 'normal') {
        kept.set('refused', name);
      }
    } else if (ALLOWED_PROPERTIES.has(name)) {
      kept.set(name, value.replace(/!\s*important\s*$/i, '').trim());
    }
  };
  let style: string | undefined;
  for (const attribute of Object.values(attributes)) {
    const { uri, local, value } = attribute;
    if (uri === '' && local === 'style') style = value;
    else if (uri === '' && ALLOWED_ATTRIBUTES.has(local)) kept.set(local, value);
    else if ((uri === '' || uri === XLINK_NS) && local === 'href') kept.set('href', value);
    else if (uri === XML_NS && local === 'space') kept.set('xml:space', value);
    else if (uri === '') take(local, value);
  }
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) {
      if (declaration.trim() !== '') kept.set('refused', 'style');
      continue;
    }
    take(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim());
  }
  return kept;
}

/** Whether every element is allowed and every value is one librsvg reads without loading anything. */
function isAcceptable(root: Element): boolean {
  const byId = new Map<string, Element>();
  const elements: Element[] = [];
  const visit = (element: Element) => {
    elements.push(element);
    const id = element.attributes.get('id');
    if (id !== undefined && ID.test(id)) byId.set(id, element);
    for (const child of element.children) if (typeof child !== 'string') visit(child);
  };
  visit(root);

  let copies = 0;
  for (const element of elements) {
    // A link's target is no part of the picture.
    if (element.name === 'a') element.attributes.delete('href');
    if (!ALLOWED_ELEMENTS.has(element.name) || element.attributes.has('refused')) return false;
    for (const [name, value] of element.attributes) {
      if (name === 'href') {
        if (!LINKING_ELEMENTS.has(element.name) || !/^#[A-Za-z_][\w.:-]*$/.test(value)) return false;
      } else if (name === 'id') {
        if (!ID.test(value)) element.attributes.delete('id');
      } else if (!isSafeValue(value)) {
        return false;
      }
    }
    if (element.name === 'use') {
      const target = byId.get(element.attributes.get('href')?.slice(1) ?? '');
      // A copy of a copy multiplies: a few nested <use> make billions of elements. One level only.
      if (target && subtree(target).some((e) => e.name === 'use')) return false;
      copies += target ? subtree(target).length : 0;
    }
  }
  return elements.length + copies <= MAX_ELEMENTS;
}

function subtree(element: Element): Element[] {
  return [element, ...element.children.flatMap((child) => (typeof child === 'string' ? [] : subtree(child)))];
}

/**
 * A value librsvg parses as plain numbers, lengths, colours, names or transforms: no CSS escapes, comments,
 * at-rules or blocks that could hide something, and no function but colours, transforms and url(#id).
 */
function isSafeValue(value: string): boolean {
  if (/[\\@;{}<>]|\/\*/.test(value)) return false;
  for (const call of value.matchAll(/([A-Za-z-]*)\s*\(/g)) {
    const name = (call[1] ?? '').toLowerCase();
    if (!ALLOWED_FUNCTIONS.has(name)) return false;
  }
  const urls = value.match(/url\s*\([^)]*\)?/gi) ?? [];
  return urls.every((url) => LOCAL_URL.test(url));
}

function serialise(element: Element, isRoot = false): string {
  const attributes = [...element.attributes].map(([name, value]) =>
    name === 'href' ? ` xlink:href="${escapeXml(value)}"` : ` ${name}="${escapeXml(value)}"`,
  );
  const namespaces = isRoot ? ` xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"` : '';
  const children = element.children.map((child) => (typeof child === 'string' ? escapeXml(child) : serialise(child)));
  return `<${element.name}${namespaces}${attributes.join('')}>${children.join('')}</${element.name}>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
