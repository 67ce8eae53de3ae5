import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { type BrowserRecord, BrowserRecordContext } from '../lib/server-state';

/**
 * `ui` as a server-rendered page is taken over: rendered to a string with the server's record of the browser,
 * put in the page, then hydrated with the same record (main.tsx does the same with the real page). Any
 * mismatch React finds between the two is in `hydrationErrors`: hydration would have thrown the markup away.
 */
export function renderHydrated(ui: ReactNode, record: BrowserRecord) {
  const wrap = (children: ReactNode) => (
    <BrowserRecordContext.Provider value={record}>{children}</BrowserRecordContext.Provider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(wrap(ui));
  document.body.append(container);
  const hydrationErrors: unknown[] = [];
  const result = render(ui, {
    container,
    hydrate: true,
    wrapper: ({ children }) => wrap(children),
    onRecoverableError: (error) => hydrationErrors.push(error),
  });
  return { ...result, hydrationErrors };
}
