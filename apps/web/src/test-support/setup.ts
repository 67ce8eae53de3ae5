import { configure } from '@testing-library/react';
import { options } from 'preact';

// The web tests run beside the integration suites on a 2-core machine: a screen may take seconds to
// render there. These are guards against a hang, not measures of speed (speed is `npm run bench`'s).
configure({ asyncUtilTimeout: 5_000 });

// Preact (the app's runtime, decision 035) runs effects on the next animation frame, with a 35 ms timer beside
// it in case no frame comes. That timer can outlive jsdom at the end of a file and then throws
// ("cancelAnimationFrame is not defined"). jsdom draws frames, so the frame alone runs them here.
options.requestAnimationFrame = (callback) => void requestAnimationFrame(callback);
