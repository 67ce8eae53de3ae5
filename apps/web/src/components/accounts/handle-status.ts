import { HANDLE_MESSAGES, handleProblem, isReservedHandle } from '@sweetwish/shared/handle';
import { useEffect, useState } from 'react';
import { ApiError, api, ok } from '../../lib/api-client';

/** Where a handle being typed stands (product.md section 4, Handle check status). */
export type HandleStatus = 'idle' | 'short' | 'long' | 'invalid' | 'checking' | 'taken' | 'error' | 'available';

/** The pause after the last keystroke before a handle is judged (product.md section 9). */
export const HANDLE_CHECK_DEBOUNCE_MS = 1000;

/** The line shown under the handle field for each status; idle shows nothing. */
export function handleStatusMessage(status: HandleStatus): string | undefined {
  switch (status) {
    case 'idle':
      return undefined;
    case 'checking':
      return 'Checking…';
    case 'available':
      return 'Available';
    default:
      return HANDLE_MESSAGES[status];
  }
}

/** The status a handle has on its face, with no server call: its length and characters, or a reserved name. */
export function localHandleStatus(handle: string): HandleStatus | undefined {
  const problem = handleProblem(handle);
  if (problem) return problem;
  if (isReservedHandle(handle)) return 'taken';
  return undefined;
}

export type CheckAvailability = (handle: string, signal?: AbortSignal) => Promise<boolean>;

/** GET /api/handles/availability: whether nobody holds the handle. */
export const fetchHandleAvailability: CheckAvailability = async (handle, signal) => {
  const answer = await ok(api.GET('/api/handles/availability', { params: { query: { handle } }, signal }));
  return answer.isAvailable;
};

/** The final status of a handle: its own problems first, then the server's answer. */
export async function resolveHandleStatus(handle: string, checkAvailability: CheckAvailability): Promise<HandleStatus> {
  const local = localHandleStatus(handle);
  if (local) return local;
  try {
    return (await checkAvailability(handle)) ? 'available' : 'taken';
  } catch (error) {
    // The server refuses a handle that breaks the rules with 400; anything else is a failed check.
    if (error instanceof ApiError && error.status === 400) return 'invalid';
    return 'error';
  }
}

/**
 * The status of the handle being typed: idle while typing, then after a 1 s pause either its own problem
 * or, while the server is asked, checking, and then taken, available or error. An answer that arrives
 * after the handle changed again is ignored.
 */
export function useHandleStatus(
  handle: string,
  checkAvailability: CheckAvailability = fetchHandleAvailability,
): HandleStatus {
  const [state, setState] = useState<{ handle: string; status: HandleStatus }>({ handle: '', status: 'idle' });

  useEffect(() => {
    if (handle === '') return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      const local = localHandleStatus(handle);
      if (local) {
        setState({ handle, status: local });
        return;
      }
      setState({ handle, status: 'checking' });
      void resolveHandleStatus(handle, checkAvailability).then((status) => {
        if (isCurrent) setState({ handle, status });
      });
    }, HANDLE_CHECK_DEBOUNCE_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [handle, checkAvailability]);

  return state.handle === handle ? state.status : 'idle';
}
