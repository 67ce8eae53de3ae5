// The WHATWG URL class exists in every runtime this package runs in (browsers and Node alike), but
// TypeScript only declares it in the DOM and Node libraries, which this package must not use.
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  toString(): string;
  static canParse(url: string, base?: string): boolean;
}
