import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CenteredMessage } from './centered-message';

/** The router's generic fallback: the status and text of a route response, or the error's message. */
export function RouterFallback() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <CenteredMessage title="Unexpected Application Error!" detail={detail}>
      <Button variant="contained" onClick={() => window.location.assign('/')}>
        Go Home
      </Button>
    </CenteredMessage>
  );
}
