import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useIsHydrated } from '../../../lib/server-state';
import { clearCookies } from '../../../test-support/cookies';
import { renderHydrated } from '../../../test-support/render-hydrated';
import { LAST_VISITED_KEY, useIsFirstVisit } from './use-is-first-visit';

/** Shows the answer, and notes each render's, hydrating or not. */
function Probe({ seen }: { seen: string[] }) {
  const isFirstVisit = useIsFirstVisit();
  seen.push(`${useIsHydrated() ? 'hydrated' : 'hydrating'}: ${isFirstVisit}`);
  return <span>{String(isFirstVisit)}</span>;
}

describe('useIsFirstVisit', () => {
  beforeEach(() => {
    window.localStorage.clear();
    clearCookies();
  });
  afterEach(() => vi.restoreAllMocks());

  it('is true without a recorded visit, and records this one', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_764_000_000_000);
    const { result } = renderHook(() => useIsFirstVisit());
    expect(result.current).toBe(true);
    expect(window.localStorage.getItem(LAST_VISITED_KEY)).toBe('1764000000000');
    // And tells the server, which renders the landing page without the first visit's animation next time.
    expect(document.cookie).toContain('visited=1');
  });

  it('on a page the server rendered, is what the server read until hydrated, then what the browser said', async () => {
    window.localStorage.setItem(LAST_VISITED_KEY, '1');
    const seen: string[] = [];
    const { container, hydrationErrors } = renderHydrated(<Probe seen={seen} />, { isFirstVisit: true });
    await waitFor(() => expect(container.textContent).toBe('false'));
    expect(hydrationErrors).toEqual([]);
    expect(seen[0]).toBe('hydrating: true');
    expect(seen.at(-1)).toBe('hydrated: false');
    // Later renders (a visit by the app's own links) read the browser's record.
    expect(renderHook(() => useIsFirstVisit()).result.current).toBe(false);
  });

  it('stays true while the page is shown, although the visit is now recorded', () => {
    const { result, rerender } = renderHook(() => useIsFirstVisit());
    rerender();
    expect(result.current).toBe(true);
  });

  it('is false when an earlier visit is recorded, and updates the time', () => {
    window.localStorage.setItem(LAST_VISITED_KEY, '1');
    vi.spyOn(Date, 'now').mockReturnValue(2_000);
    const { result } = renderHook(() => useIsFirstVisit());
    expect(result.current).toBe(false);
    expect(window.localStorage.getItem(LAST_VISITED_KEY)).toBe('2000');
  });

  it('only warns when local storage refuses to work', () => {
    const denied = new DOMException('The operation is insecure.', 'SecurityError');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw denied;
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw denied;
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => useIsFirstVisit());
    expect(result.current).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.any(String), denied);
  });
});
