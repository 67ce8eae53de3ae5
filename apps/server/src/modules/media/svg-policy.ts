/**
 * Whether an uploaded SVG may be drawn. librsvg runs no scripts and, drawing from memory with no base
 * address, loads no files; the one thing it does load is a `data:` address: an embedded PNG or JPEG (in
 * <image>, <feImage>), another SVG document (<use>, fill:url(...)) or a stylesheet (@import). Those embedded
 * images are decoded outside sharp's pixel limit, so a small SVG can carry a picture of billions of pixels
 * and take the server's memory and seconds of CPU. An SVG is therefore drawn only when nothing in it can
 * spell `data:`, once XML character references and CSS escapes are undone, and when it declares no entities.
 * It must be UTF-8 (or ASCII), so the text checked is the text librsvg reads; a gzipped .svgz is refused.
 */
export function isSafeSvg(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  if (text.includes('\0')) return false;
  const encoding = /<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']/i.exec(text)?.[1];
  if (encoding !== undefined && !/^(utf-?8|us-ascii)$/i.test(encoding)) return false;
  // Entities could assemble markup or addresses that the checks below never see.
  if (/<!ENTITY/i.test(text)) return false;
  const referenced = undoCharacterReferences(text);
  if (referenced === undefined) return false;
  // Address parsers drop tabs and line breaks anywhere in an address: "da\nta:" is "data:".
  return !/data:/i.test(undoCssEscapes(referenced).replace(/[\t\n\r]/g, ''));
}

/** `&#100;` and `&#x64;` as the characters they stand for; undefined for one that stands for none. */
function undoCharacterReferences(text: string): string | undefined {
  let isValid = true;
  const result = text.replace(/&#(x[0-9a-f]+|[0-9]+);/gi, (_reference, number: string) => {
    const codePoint = number[0] === 'x' || number[0] === 'X' ? Number.parseInt(number.slice(1), 16) : Number(number);
    if (!Number.isSafeInteger(codePoint) || codePoint > 0x10ffff) {
      isValid = false;
      return '';
    }
    return String.fromCodePoint(codePoint);
  });
  return isValid ? result : undefined;
}

/** CSS escapes (`\64`, `\d`, a backslash before a line break) as the characters they stand for. */
function undoCssEscapes(text: string): string {
  return text.replace(
    /\\(?:([0-9a-f]{1,6})[ \t\n\r\f]?|([\s\S]))/gi,
    (_escape, hex: string | undefined, char: string) => {
      if (hex === undefined) return char;
      const codePoint = Number.parseInt(hex, 16);
      return codePoint > 0x10ffff ? '\ufffd' : String.fromCodePoint(codePoint);
    },
  );
}
