import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCookies, setCookie } from '../../../test-support/cookies';
import { renderHydrated } from '../../../test-support/render-hydrated';
import { TermsDialog } from './terms-dialog';

/** The dialog; `serverSaw` is what the server read of the browser when it rendered the page, if it did. */
function renderDialog(serverSaw?: boolean) {
  const dialogOnSignIn = (
    <MemoryRouter initialEntries={['/sign-in']}>
      <TermsDialog />
    </MemoryRouter>
  );
  if (serverSaw === undefined) return { ...render(dialogOnSignIn), hydrationErrors: [] };
  return renderHydrated(dialogOnSignIn, { termsAccepted: serverSaw });
}

const dialog = () => screen.queryByRole('dialog', { name: 'Before you sign in' });

describe('the terms dialog (product.md section 4)', () => {
  beforeEach(() => {
    localStorage.clear();
    clearCookies();
  });
  afterEach(cleanup);

  it('shows on a first visit; Accept records it in local storage and in the cookie the server reads, and closes', async () => {
    renderDialog();
    expect(dialog()).not.toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept' })));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(localStorage.getItem('termsAccepted')).not.toBeNull();
    expect(document.cookie).toContain('termsAccepted=1');
  });

  it('stays closed once accepted, by the cookie or by local storage', () => {
    setCookie('termsAccepted=1');
    renderDialog();
    expect(dialog()).toBeNull();
    cleanup();
    clearCookies();
    localStorage.setItem('termsAccepted', '2026-01-01T00:00:00.000Z');
    renderDialog();
    expect(dialog()).toBeNull();
  });

  it('closes a page the server drew it on when local storage holds an acceptance made before the cookie, and sets the cookie', async () => {
    localStorage.setItem('termsAccepted', '2026-01-01T00:00:00.000Z');
    const { hydrationErrors } = renderDialog(false);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(hydrationErrors).toEqual([]);
    expect(document.cookie).toContain('termsAccepted=1');
    expect(localStorage.getItem('termsAccepted')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('keeps the page around it visible to assistive technology: the dialog is drawn where it stands', () => {
    renderDialog();
    const node = dialog();
    // Accept works before the app has hydrated the page: a form the server answers, back to this page.
    const form = screen.getByRole('button', { name: 'Accept' }).closest('form');
    expect(form?.getAttribute('action')).toBe('/api/terms-accepted');
    expect(form?.getAttribute('method')).toBe('post');
    expect(node?.getAttribute('aria-modal')).toBe('true');
    expect(document.body.querySelector('[aria-hidden="true"] [role="dialog"]')).toBeNull();
  });
});
