import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OLD_HANDLES_KEY,
  OLD_HANDLES_MAX,
  parseOldHandles,
  rememberedHandle,
  rememberOldHandle,
  withOldHandle,
} from './old-handles';

const entries = (map: ReadonlyMap<string, string>) => Object.fromEntries(map);

describe('withOldHandle', () => {
  it('remembers the old handle in lower case, leading to the current one as spelt', () => {
    expect(entries(withOldHandle(new Map(), 'Sweet_Fan', 'Rosy_Petal'))).toEqual({ sweet_fan: 'Rosy_Petal' });
  });

  it('remembers nothing for another spelling of the same handle', () => {
    const map = new Map([['old_one', 'new_one']]);
    expect(withOldHandle(map, 'NEW_ONE', 'new_one')).toBe(map);
  });

  it('sends handles that led to the old one straight to the newest', () => {
    const first = withOldHandle(new Map(), 'first_handle', 'second_handle');
    const second = withOldHandle(first, 'second_handle', 'third_handle');
    expect(entries(second)).toEqual({ first_handle: 'third_handle', second_handle: 'third_handle' });
  });

  it('forgets a handle its owner took back, so the redirect cannot loop', () => {
    const there = withOldHandle(new Map(), 'alice_wish', 'alice_two');
    const back = withOldHandle(there, 'alice_two', 'alice_wish');
    expect(entries(back)).toEqual({ alice_two: 'alice_wish' });
  });

  it(`keeps the ${OLD_HANDLES_MAX} most recently learnt`, () => {
    let map: ReadonlyMap<string, string> = new Map();
    for (let i = 0; i <= OLD_HANDLES_MAX; i++) map = withOldHandle(map, `old_${i}`, `new_${i}`);
    expect(map.size).toBe(OLD_HANDLES_MAX);
    expect(map.has('old_0')).toBe(false);
    expect(map.get(`old_${OLD_HANDLES_MAX}`)).toBe(`new_${OLD_HANDLES_MAX}`);
  });
});

describe('parseOldHandles', () => {
  it('is empty for nothing stored, broken JSON or another shape', () => {
    for (const stored of [null, '', '{', '[]', '"text"', '42', 'null']) expect(parseOldHandles(stored).size).toBe(0);
  });

  it('skips malformed entries and entries that would redirect in a loop', () => {
    const stored = JSON.stringify({
      Old_One: 'new_one',
      two: 3,
      three: '',
      four: 'FOUR',
      a_one: 'b_one',
      b_one: 'a_one',
    });
    expect(entries(parseOldHandles(stored))).toEqual({ old_one: 'new_one' });
  });

  it('treats names of object properties as plain handles', () => {
    expect(parseOldHandles('{"__proto__":"proto_new"}').get('__proto__')).toBe('proto_new');
  });
});

describe('rememberOldHandle and rememberedHandle', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('keep old handles in session storage for the rest of the session', () => {
    expect(rememberedHandle('sweet_fan')).toBeUndefined();
    rememberOldHandle('sweet_fan', 'rosy_petal');
    expect(rememberedHandle('Sweet_Fan')).toBe('rosy_petal');
    expect(rememberedHandle('rosy_petal')).toBeUndefined();
    expect(JSON.parse(window.sessionStorage.getItem(OLD_HANDLES_KEY) ?? '')).toEqual({ sweet_fan: 'rosy_petal' });
    expect(window.localStorage.getItem(OLD_HANDLES_KEY)).toBeNull();
  });

  it('know nothing of handles named like object properties', () => {
    rememberOldHandle('__proto__', 'proto_new');
    expect(rememberedHandle('__proto__')).toBe('proto_new');
    expect(rememberedHandle('constructor')).toBeUndefined();
    expect(rememberedHandle('toString')).toBeUndefined();
  });

  it('only log when session storage refuses', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Denied', 'SecurityError');
    });
    expect(() => rememberOldHandle('sweet_fan', 'rosy_petal')).not.toThrow();
    expect(rememberedHandle('sweet_fan')).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });
});
