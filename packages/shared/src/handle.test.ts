import { describe, expect, it } from 'vitest';
import {
  DISPLAY_NAME_MESSAGES,
  displayNameProblem,
  handleProblem,
  isReservedHandle,
  RESERVED_HANDLES,
  suggestHandle,
} from './handle';

describe('handle rules', () => {
  it.each([
    ['abc', 'short'],
    ['abcd', undefined],
    ['a'.repeat(24), undefined],
    ['a'.repeat(25), 'long'],
    ['sweet_one_2', undefined],
    ['sweet-one', 'invalid'],
    ['sweet one', 'invalid'],
    ['swéet', 'invalid'],
  ])('%j is %s', (handle, problem) => {
    expect(handleProblem(handle)).toBe(problem);
  });

  it('reserve every route of the app and the platform names, whatever the case', () => {
    for (const name of ['home', 'PROFILE', 'Sign-In', 'api', 'admin', 'www', 'media', 'dev', 'about']) {
      expect(isReservedHandle(name)).toBe(true);
    }
    expect(isReservedHandle('sweet_one')).toBe(false);
    expect([...RESERVED_HANDLES].every((h) => h === h.toLowerCase())).toBe(true);
  });

  it('reserve the paths the server answers itself, which a profile there could never show', () => {
    // /metrics is Prometheus's (404 without METRICS_TOKEN), and the balancer refuses it however spelled.
    expect(isReservedHandle('metrics')).toBe(true);
    expect(isReservedHandle('Metrics')).toBe(true);
    expect([...RESERVED_HANDLES].every((h) => h === h.toLowerCase())).toBe(true);
  });

  it('suggest handles that pass the rules and are not reserved', () => {
    for (let i = 0; i < 200; i += 1) {
      const handle = suggestHandle();
      expect(handleProblem(handle)).toBeUndefined();
      expect(isReservedHandle(handle)).toBe(false);
    }
  });
});

describe('display name rules', () => {
  it.each([
    ['Bob', 'short'],
    ['Bobby', undefined],
    ['Sweet Creator_1', undefined],
    ['x'.repeat(25), 'long'],
    ['Bob!', 'invalid'],
    // Invisible in a field, so named on their own: "Only letters, numbers…" would not say what to remove.
    ['Bob\tSmith', 'control'],
    ['Bob Smith\n', 'control'],
    ['\u0000Bobby', 'control'],
    ['Bo\u007fbby', 'control'],
    ['Bo\u0085bby', 'control'],
    ['\t', 'control'],
  ])('%j is %s', (name, problem) => {
    expect(displayNameProblem(name)).toBe(problem);
  });

  it('names control characters in the message', () => {
    expect(DISPLAY_NAME_MESSAGES.control).toBe('Remove tabs, line breaks and other control characters');
  });
});
