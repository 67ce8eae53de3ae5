import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { notify } from '../lib/notification-store';
import { CenteredMessage } from './centered-message';
import { RouterFallback } from './router-fallback';
import { TopBar } from './top-bar';

/** A screen that crashed: "Something Broke.", the toast "An error occurred.", and a report to the server. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const isResponse = isRouteErrorResponse(error);

  useEffect(() => {
    if (isResponse) return;
    notify('An error occurred.');
    // Loaded on demand: the report code (and its schema library) stays out of every page's first load.
    void import('../lib/report-error').then((m) => m.reportError(error));
  }, [error, isResponse]);

  if (isResponse) return <RouterFallback />;
  return (
    <>
      <TopBar />
      <CenteredMessage title="Something Broke." detail="We have been told about it. Reloading the page usually helps.">
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button variant="outlined" onClick={() => window.location.assign('/')}>
            Go Home
          </Button>
        </Stack>
      </CenteredMessage>
    </>
  );
}
