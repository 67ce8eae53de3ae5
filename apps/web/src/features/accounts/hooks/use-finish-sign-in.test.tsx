import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../../lib/confetti', () => ({ launchConfetti: () => {} }));
vi.mock('../../../lib/sleep', () => ({ sleep: async () => {} }));
vi.mock('../../../lib/session', () => ({ refreshMe: async () => ({ id: 'u1', isProfileComplete: true }) }));
const { useFinishSignIn } = await import('./use-finish-sign-in');

describe('after a sign-in', () => {
  it("clears a log-out's flag that no landing page cleared (a server-rendered one may never run the app)", async () => {
    localStorage.setItem('loggingOut', 'true');
    const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;
    const { result } = renderHook(() => useFinishSignIn(), { wrapper });
    await result.current();
    expect(localStorage.getItem('loggingOut')).toBeNull();
  });
});
