import { forgetBrowserCookies } from '../../lib/cookies';
import { queryClient } from '../../lib/query-client';
import { clearStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { stopPushOnThisDevice } from '../push/push-device';
import { authClient } from './auth-client';

/**
 * Logs out (product.md section 4): stops push notifications to this browser, clears session and local storage
 * (and the cookies that mirror them), sets the logging-out flag (the landing page clears it when it loads),
 * signs out on the server, and reloads the app at its origin.
 */
export async function logOut(): Promise<void> {
  await stopPushOnThisDevice({ tellServer: true });
  forgetThisDevice();
  try {
    await authClient.signOut();
  } catch (error) {
    console.warn('Sign-out request failed', error);
  }
  reloadAtOrigin();
}

/**
 * Finishes on this device what the server already ended (sign out everywhere, a deleted account): the same
 * clearing and reload as Logout, without a sign-out request that has no session left to end.
 */
export async function leaveAfterSessionEnded(): Promise<void> {
  await stopPushOnThisDevice({ tellServer: false });
  forgetThisDevice();
  reloadAtOrigin();
}

function forgetThisDevice(): void {
  clearStored('session');
  clearStored('local');
  forgetBrowserCookies();
  writeStored(STORAGE_KEYS.loggingOut, 'true');
}

function reloadAtOrigin(): void {
  queryClient.clear();
  window.location.assign(window.location.origin);
}
