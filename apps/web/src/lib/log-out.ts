import { authClient } from './auth-client';
import { queryClient } from './query-client';
import { clearStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * Logs out (spec section 4): clears session and local storage, sets the logging-out flag (the landing
 * page clears it when it loads), signs out on the server, and reloads the app at its origin.
 */
export async function logOut(): Promise<void> {
  clearStored('session');
  clearStored('local');
  writeStored(STORAGE_KEYS.loggingOut, 'true');
  try {
    await authClient.signOut();
  } catch (error) {
    console.warn('Sign-out request failed', error);
  }
  queryClient.clear();
  window.location.assign(window.location.origin);
}
