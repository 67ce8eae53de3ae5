import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { currentNotifications, dismiss } from '../lib/notification-store';

// The web tests run beside the integration suites on a 2-core machine: a screen may take seconds to
// render there. These are guards against a hang, not measures of speed (speed is `npm run bench`'s).
configure({ asyncUtilTimeout: 5_000 });

// Testing Library's standard set-up where the runner has no globals: unmount what each test rendered. And
// the messages a test left: suites share their worker's modules, the message store among them.
afterEach(() => {
  cleanup();
  for (const item of currentNotifications()) dismiss(item.id);
});
