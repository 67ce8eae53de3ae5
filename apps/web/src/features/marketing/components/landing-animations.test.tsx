import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearCookies } from '../../../test-support/cookies';
import { FloatingHearts } from './floating-hearts';
import { Hero } from './hero';

// Needs modules of its own (vitest.config.ts): Emotion inserts a style once per module instance, into the
// document of the first test that renders it.

/** Every property set in every `@keyframes` rule of the page's styles. */
function keyframeProperties(): string[] {
  const styles = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n');
  const bodies = [...styles.matchAll(/@keyframes[^{]+\{((?:[^{}]*\{[^{}]*\})*)[^{}]*\}/g)].map((m) => m[1] ?? '');
  return bodies.flatMap((body) =>
    [...body.matchAll(/([a-z-]+)\s*:/g)].map((m) => m[1] ?? '').filter((p) => !p.startsWith('-')),
  );
}

describe('the landing page’s animations', () => {
  beforeEach(() => {
    window.localStorage.clear();
    clearCookies();
  });

  // Anything else (a filter, a size) is redrawn on the page's main thread at every frame while it runs: a
  // phone's main thread busy for the tagline's two seconds, which Lighthouse counts as blocking time.
  it('change only what the compositor animates by itself: opacity and transform', () => {
    render(
      <MemoryRouter>
        <Hero ref={null} />
        <FloatingHearts />
      </MemoryRouter>,
    );
    const properties = keyframeProperties();
    expect(properties.length).toBeGreaterThan(0);
    expect(new Set(properties)).toEqual(new Set(['opacity', 'transform']));
  });
});
