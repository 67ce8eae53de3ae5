// The e2e suite's second server: the app with Google and Apple sign-in, both at a local OpenID Connect
// provider this process starts (apps/server/test/oauth-provider.ts). Run from source with tsx by
// playwright.config.ts; the provider's addresses reach the server only through startServer's test
// option, never through configuration (docs/decisions/016-oauth-sign-in.md).

import { loadConfigOrExit } from '../../apps/server/src/config';
import { createLogger } from '../../apps/server/src/logger';
import { startServer } from '../../apps/server/src/server';
import { startOAuthProvider } from '../../apps/server/test/oauth-provider';

// 127.0.0.1 while the app is on localhost: the provider is another site, as Google and Apple are.
const provider = await startOAuthProvider('127.0.0.1');
const config = loadConfigOrExit();
const server = await startServer(config, createLogger(config.logLevel), {
  testOAuthProvider: { origin: provider.origin, ...provider.endpoints },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    await server.stop();
    await provider.stop();
    process.exit(0);
  });
}
