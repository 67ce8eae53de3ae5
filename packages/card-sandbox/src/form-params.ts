import { invalidParam, missingParam, unknownParam } from './stripe-error';

/** A parsed parameter: a string, or a nested object (lists arrive as objects keyed "0", "1", ...). */
export type ParamValue = string | ParamObject;
export type ParamObject = { [key: string]: ParamValue };

/** `line_items[0][price_data][unit_amount]` -> `['line_items', '0', 'price_data', 'unit_amount']`. */
function keyPath(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return null;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1], ...rest];
}

/**
 * Parses a body or query string in Stripe's bracket notation (`metadata[userId]=abc`,
 * `line_items[0][quantity]=1`, `expand[]=line_items`) into nested objects. Which objects are lists is
 * decided by the reader below, as Stripe decides it by the parameter's schema. A malformed key, or a
 * key used both as a value and as an object, is a 400 for that key.
 */
export function parseParams(encoded: string): ParamObject {
  const root: ParamObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const path = keyPath(key);
    if (!path) throw invalidParam(key, `Invalid parameter name: ${key}`);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      let segment = path[i] ?? '';
      // `name[]` appends: the next free index.
      if (segment === '') segment = String(Object.keys(node).length);
      const isLast = i === path.length - 1;
      const existing = node[segment];
      if (isLast) {
        if (existing !== undefined && typeof existing !== 'string') throw invalidParam(key, `Invalid object: ${key}`);
        node[segment] = value;
      } else {
        if (typeof existing === 'string') throw invalidParam(key, `Invalid object: ${key}`);
        const child: ParamObject = existing ?? {};
        node[segment] = child;
        node = child;
      }
    }
  }
  return root;
}

/** Parameters from a JSON body (the sandbox's control endpoints), kept as strings like form values. */
export function paramsFromJson(value: unknown): ParamObject {
  const convert = (v: unknown): ParamValue => {
    if (v !== null && typeof v === 'object') {
      const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
      return Object.fromEntries(
        entries.filter(([, item]) => item !== undefined).map(([k, item]) => [k, convert(item)]),
      );
    }
    return v === null ? '' : String(v);
  };
  const converted = convert(value);
  if (typeof converted === 'string') throw invalidParam('body', 'The request body must be a JSON object.');
  return converted;
}

type Required = { required: true };
type Optional = { required?: false };

/**
 * Reads parameters by name and type with Stripe's error messages, remembering what was read so
 * that `finish()` can refuse anything else ("Received unknown parameter"), as Stripe does.
 */
export class ParamReader {
  private readonly used = new Set<string>();
  private readonly children: ParamReader[] = [];

  constructor(
    private readonly node: ParamObject,
    private readonly path = '',
  ) {}

  /** The full name of a parameter, as Stripe reports it: `line_items[0][quantity]`. */
  name(key: string): string {
    return this.path ? `${this.path}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.node[key] !== undefined;
  }

  /** The names given at this level, e.g. each capability of `capabilities[...]`. */
  keys(): string[] {
    return Object.keys(this.node);
  }

  /** The raw value, without marking it read. */
  peek(key: string): ParamValue | undefined {
    return this.node[key];
  }

  private raw(key: string, required: boolean): ParamValue | undefined {
    this.used.add(key);
    const value = this.node[key];
    if (value === undefined || value === '') {
      if (required) throw missingParam(this.name(key));
      return undefined;
    }
    return value;
  }

  private scalar(key: string, required: boolean): string | undefined {
    const value = this.raw(key, required);
    if (value !== undefined && typeof value !== 'string') {
      throw invalidParam(this.name(key), `Invalid string: ${this.name(key)} must be a string, not an object.`);
    }
    return value;
  }

  string(key: string, options: Required & { maxLength?: number }): string;
  string(key: string, options?: Optional & { maxLength?: number }): string | undefined;
  string(key: string, options: { required?: boolean; maxLength?: number } = {}): string | undefined {
    const value = this.scalar(key, options.required ?? false);
    if (value !== undefined && options.maxLength !== undefined && value.length > options.maxLength) {
      throw invalidParam(
        this.name(key),
        `Invalid string: ${value.slice(0, 20)}...; must be at most ${options.maxLength} characters`,
      );
    }
    return value;
  }

  integer(key: string, options: Required & { min?: number; max?: number }): number;
  integer(key: string, options?: Optional & { min?: number; max?: number }): number | undefined;
  integer(key: string, options: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const value = this.scalar(key, options.required ?? false);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw invalidParam(this.name(key), `Invalid integer: ${value}`);
    }
    const number = Number(value);
    if (options.min !== undefined && number < options.min) {
      throw invalidParam(this.name(key), `This value must be greater than or equal to ${options.min}.`);
    }
    if (options.max !== undefined && number > options.max) {
      throw invalidParam(this.name(key), `This value must be less than or equal to ${options.max}.`);
    }
    return number;
  }

  boolean(key: string): boolean | undefined {
    const value = this.scalar(key, false);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw invalidParam(this.name(key), `Invalid boolean: ${value}`);
    return value === 'true';
  }

  oneOf<T extends string>(key: string, values: readonly T[], options: Required): T;
  oneOf<T extends string>(key: string, values: readonly T[], options?: Optional): T | undefined;
  oneOf<T extends string>(key: string, values: readonly T[], options: { required?: boolean } = {}): T | undefined {
    const value = this.scalar(key, options.required ?? false);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalidParam(this.name(key), `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`);
    }
    return value as T;
  }

  /** A three-letter currency code, lower-cased as Stripe returns it. */
  currency(key: string, options: Required): string {
    const value = this.string(key, options).toLowerCase();
    if (!/^[a-z]{3}$/.test(value)) throw invalidParam(this.name(key), `Invalid currency: ${value}`);
    return value;
  }

  object(key: string, options: Required): ParamReader;
  object(key: string, options?: Optional): ParamReader | undefined;
  object(key: string, options: { required?: boolean } = {}): ParamReader | undefined {
    const value = this.raw(key, options.required ?? false);
    if (value === undefined) return undefined;
    if (typeof value === 'string') throw invalidParam(this.name(key), `Invalid object: ${this.name(key)}`);
    const child = new ParamReader(value, this.name(key));
    this.children.push(child);
    return child;
  }

  /** The entries of a list parameter (`key[0]`, `key[1]`, ...), in index order. */
  private listEntries(key: string, required: boolean): [string, ParamValue][] {
    const value = this.raw(key, required);
    if (value === undefined) return [];
    if (typeof value === 'string' || !Object.keys(value).every((k) => /^\d+$/.test(k))) {
      throw invalidParam(this.name(key), `Invalid array: ${this.name(key)}`);
    }
    return Object.entries(value).sort(([a], [b]) => Number(a) - Number(b));
  }

  objectList(key: string, options: { required?: boolean } = {}): ParamReader[] {
    const entries = this.listEntries(key, options.required ?? false);
    if (options.required && entries.length === 0) throw missingParam(this.name(key));
    return entries.map(([index, value]) => {
      const name = `${this.name(key)}[${index}]`;
      if (typeof value === 'string') throw invalidParam(name, `Invalid object: ${name}`);
      const child = new ParamReader(value, name);
      this.children.push(child);
      return child;
    });
  }

  stringList(key: string): string[] {
    return this.listEntries(key, false).map(([index, value]) => {
      if (typeof value !== 'string') {
        throw invalidParam(`${this.name(key)}[${index}]`, `Invalid string: ${this.name(key)}[${index}]`);
      }
      return value;
    });
  }

  /**
   * Stripe's metadata: at most 50 keys, keys up to 40 characters, values up to 500. An empty value
   * unsets a key, so on creation it is simply left out.
   */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    this.used.add(key);
    const value = this.node[key];
    if (value === undefined || value === '') return value === '' ? {} : undefined;
    if (typeof value === 'string') throw invalidParam(this.name(key), `Invalid object: ${this.name(key)}`);
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      const name = `${this.name(key)}[${k}]`;
      if (typeof v !== 'string') throw invalidParam(name, `Invalid string: ${name} must be a string.`);
      if (k.length > 40) throw invalidParam(name, 'Metadata keys can have up to 40 characters.');
      if (v.length > 500) throw invalidParam(name, 'Metadata values can have up to 500 characters.');
      if (v !== '') metadata[k] = v;
    }
    if (Object.keys(metadata).length > 50) {
      throw invalidParam(this.name(key), 'You can have up to 50 metadata keys.');
    }
    return metadata;
  }

  /**
   * Stripe's metadata on update: the keys given are set on `current`, a key given an empty value is
   * removed, and `metadata=` (empty) removes them all. Undefined when not given.
   */
  metadataUpdate(current: Record<string, string>, key = 'metadata'): Record<string, string> | undefined {
    const value = this.node[key];
    const set = this.metadata(key);
    if (set === undefined) return undefined;
    if (typeof value !== 'object') return {};
    const updated = { ...current, ...set };
    for (const [k, v] of Object.entries(value)) if (v === '') delete updated[k];
    if (Object.keys(updated).length > 50) throw invalidParam(this.name(key), 'You can have up to 50 metadata keys.');
    return updated;
  }

  /** Refuses any parameter that was not read, here and in every nested object that was. */
  finish(): void {
    for (const key of Object.keys(this.node)) {
      if (!this.used.has(key)) throw unknownParam(this.name(key));
    }
    for (const child of this.children) child.finish();
  }
}
