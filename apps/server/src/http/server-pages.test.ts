import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type RenderPublicPage, type ServerEntry, serverPages } from './server-pages';

const PAGE = { html: '<h1>Bob</h1>', styles: '', state: {} };

/** A server entry whose renderer counts its renders and takes `costMs` of the fake clock each. */
function fakeRenderer(clock: { ms: number }, costMs = 5) {
  const calls: string[] = [];
  const render: RenderPublicPage = async (url, data) => {
    calls.push(`${url} ${JSON.stringify(data.page)}`);
    clock.ms += costMs;
    return { ...PAGE, html: `<h1>${JSON.stringify(data.page)}</h1>` };
  };
  return { calls, render: entryWith(render) };
}

function entryWith(render: RenderPublicPage): ServerEntry {
  return {
    renderPublicPage: render,
    renderScreenPlaceholder: async () => ({ ...PAGE, html: '<header>Sweetwish</header>' }),
    screenTitle: (pathname) => (pathname === '/balance' ? 'Balance' : undefined),
  };
}

describe('serverPages', () => {
  it('renders a page again only when its data changed', async () => {
    const clock = { ms: 0 };
    const { calls, render } = fakeRenderer(clock);
    const pages = serverPages('/nowhere/dist', { entry: render, now: () => clock.ms });
    if (!pages) throw new Error('expected a renderer');
    const first = await pages.page('/bob', 'profile', '{"n":1}');
    expect(await pages.page('/bob', 'profile', '{"n":1}')).toBe(first);
    expect(calls).toEqual(['/bob {"n":1}']);
    expect((await pages.page('/bob', 'profile', '{"n":2}'))?.html).toBe('<h1>{"n":2}</h1>');
    expect(calls).toHaveLength(2);
  });

  it('keeps each rendering of a page: the sign-in screen with the terms dialog and without, visitors taking turns', async () => {
    const clock = { ms: 0 };
    const { calls, render } = fakeRenderer(clock);
    const pages = serverPages('/nowhere/dist', { entry: render, now: () => clock.ms });
    if (!pages) throw new Error('expected a renderer');
    for (let i = 0; i < 3; i++) {
      expect((await pages.page('/sign-in', 'signIn', '{"termsAccepted":false}'))?.html).toBe(
        '<h1>{"termsAccepted":false}</h1>',
      );
      expect((await pages.page('/sign-in', 'signIn', '{"termsAccepted":true}'))?.html).toBe(
        '<h1>{"termsAccepted":true}</h1>',
      );
    }
    expect(calls).toHaveLength(2);
  });

  it('stops rendering for the rest of the window once the budget is spent, and serves what it has', async () => {
    const clock = { ms: 0 };
    const { calls, render } = fakeRenderer(clock, 1000);
    const pages = serverPages('/nowhere/dist', { entry: render, now: () => clock.ms });
    if (!pages) throw new Error('expected a renderer');
    for (const handle of ['a', 'b', 'c']) expect(await pages.page(`/${handle}`, 'profile', '{}')).toBeDefined();
    // 3 s spent within the window of 10: the next new page goes out as the app's page (undefined)...
    expect(await pages.page('/d', 'profile', '{}')).toBeUndefined();
    // ...while a page already rendered with the same data is still served,
    expect((await pages.page('/a', 'profile', '{}'))?.html).toBe('<h1>{}</h1>');
    expect(calls).toHaveLength(3);
    // and the next window renders again.
    clock.ms += 10_000;
    expect(await pages.page('/d', 'profile', '{}')).toBeDefined();
  });

  it('gives the app its page when a render fails, and says so in the log', async () => {
    const errors: unknown[] = [];
    const render: RenderPublicPage = async () => {
      throw new Error('window is not defined');
    };
    const pages = serverPages('/nowhere/dist', {
      entry: entryWith(render),
      logger: { error: (...args: unknown[]) => errors.push(args) },
    });
    expect(await pages?.page('/bob', 'profile', '{}')).toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it("renders the screen placeholder once, and gives the route table's titles", async () => {
    const pages = serverPages('/nowhere/dist', { entry: fakeRenderer({ ms: 0 }).render });
    if (!pages) throw new Error('expected a renderer');
    const placeholder = await pages.placeholder();
    expect(placeholder?.html).toBe('<header>Sweetwish</header>');
    expect(await pages.placeholder()).toBe(placeholder);
    expect(await pages.screenTitle('/balance')).toBe('Balance');
    expect(await pages.screenTitle('/bob')).toBeUndefined();
  });

  it('is off when the web app has no server entry built', () => {
    const distDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sweetwish-ssr-')), 'dist');
    expect(serverPages(distDir)).toBeUndefined();
  });
});
