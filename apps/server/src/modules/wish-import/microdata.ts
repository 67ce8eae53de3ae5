import type { CheerioAPI } from 'cheerio/slim';
import type { AnyNode, Element } from 'domhandler';

/** One schema.org microdata item: its types and each property's values (text, or a nested item). */
export type MicrodataItem = { types: string[]; properties: Record<string, (string | MicrodataItem)[]> };

/** Attributes that hold a property's value, by element (the microdata standard's table, the parts stores use). */
const VALUE_ATTRIBUTE: Record<string, string> = {
  meta: 'content',
  img: 'src',
  source: 'src',
  link: 'href',
  a: 'href',
  data: 'value',
  meter: 'value',
  time: 'datetime',
};

/** Every top-level microdata item of the page (`itemscope` not itself a property of another item). */
export function microdataItems($: CheerioAPI): MicrodataItem[] {
  return $('[itemscope]')
    .toArray()
    .filter((element) => element.attribs.itemprop === undefined)
    .map((element) => readItem($, element, 0));
}

function readItem($: CheerioAPI, scope: Element, depth: number): MicrodataItem {
  const item: MicrodataItem = { types: (scope.attribs.itemtype ?? '').split(/\s+/).filter(Boolean), properties: {} };
  const visit = (nodes: AnyNode[]) => {
    for (const node of nodes) {
      if (node.type !== 'tag' && node.type !== 'script') continue;
      const element = node as Element;
      const names = (element.attribs.itemprop ?? '').split(/\s+/).filter(Boolean);
      const isScope = element.attribs.itemscope !== undefined;
      if (names.length > 0) {
        const value = isScope && depth < 4 ? readItem($, element, depth + 1) : propertyValue($, element);
        for (const name of names) item.properties[name] = [...(item.properties[name] ?? []), value];
      }
      // A nested item's own properties are its, not this item's.
      if (!isScope) visit(element.children);
    }
  };
  visit(scope.children);
  return item;
}

function propertyValue($: CheerioAPI, element: Element): string {
  if (element.attribs.content !== undefined) return element.attribs.content;
  const attribute = VALUE_ATTRIBUTE[element.name];
  if (attribute) return element.attribs[attribute] ?? '';
  // Text content as a browser shows it: the page's line breaks and indents are not the store's words.
  return $(element).text().replace(/\s+/g, ' ').trim();
}
