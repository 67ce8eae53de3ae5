import { configure } from '@testing-library/react';

// The web tests run beside the integration suites on a 2-core machine: a screen may take seconds to
// render there. These are guards against a hang, not measures of speed (speed is `npm run bench`'s).
configure({ asyncUtilTimeout: 5_000 });
