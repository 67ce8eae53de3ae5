/** The hostile values and OpenAPI shapes openapi-fuzz.int.test.ts sends and reads. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  items?: JsonSchema;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema: JsonSchema };
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** Text that has broken servers before: NUL, control characters, sizes, injections, odd Unicode, numbers as text. */
export const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0001\u0007\b\t\n\r\u000b\u001b[31m\u007f\u0085',
  'x'.repeat(5_000),
  'x'.repeat(70_000),
  "' OR '1'='1'; DROP TABLE users; --",
  '<script>alert(1)</script>"><svg onload=alert(1)>',
  '../../../../etc/passwd',
  '%00%ff%zz%',
  '\ud800',
  '\u202e\u200b\ufeff😀',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, meant literally.
  "${7*7}{{7*7}}$'$`$&",
  '',
  '   ',
  '-1',
  '1e400',
  'NaN',
  '99999999999999999999999999',
];

/** JSON values of the wrong type or out of any range, for body fields. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  2 ** 53 + 1,
  [],
  {},
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  JSON.parse(deepArray(200)),
];

/** Path segments sent as they are: broken or tricky percent-encodings. */
export const RAW_PATH_SEGMENTS = ['%00', '%ff', '%E0%A4%A', '%zz', '%', '..', '%2e%2e', 'a%2Fb', '%C0%AE'];

/** A lone surrogate has no UTF-8 form: send the bytes such a string would be mis-encoded to. */
export function encodePathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

/** Whole bodies that are not the object a route expects. */
export const HOSTILE_BODIES = ['', 'null', '[]', '"text"', '1e400', '{', '{"a":1,"a":2}', `{"a":${deepArray(5_000)}}`];

/** `[[[…"deep"…]]]`, as text: nesting that deep overflows a recursive parser or validator. */
function deepArray(depth: number): string {
  return `${'['.repeat(depth)}"deep"${']'.repeat(depth)}`;
}

/** What a leaked error looks like: a stack frame, a source path, or the database's own words. */
export const LEAKS = [
  /\n\s+at [^\n]+:\d+:\d+/,
  /node_modules|\/src\/[\w/-]+\.ts/,
  /Failed query|syntax error at or near|invalid input syntax|violates [\w ]*constraint|duplicate key value/i,
  /relation "[^"]+" does not exist|column "[^"]+"|invalid byte sequence|unsupported Unicode escape/i,
  /PostgresError|PGlite|DrizzleError|ZodError|TypeError|RangeError/,
];
