import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, StrictMode } from 'react';
import { Notifications } from '../components/notifications';
import { type BrowserRecord, BrowserRecordContext } from '../lib/server-state';
import { theme } from '../lib/theme';

/**
 * What wraps the router in the browser and on the server alike (entry-server.tsx renders the pages fans
 * land on): both must build the same tree, or hydration would not match the server's markup.
 * `browserRecord` is what the server read of the browser's records for that markup ({} elsewhere).
 */
export function AppRoot({
  children,
  withNotifications,
  browserRecord = {},
}: {
  children: ReactNode;
  withNotifications: boolean;
  browserRecord?: BrowserRecord;
}) {
  return (
    <StrictMode>
      <BrowserRecordContext value={browserRecord}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
          {withNotifications && <Notifications />}
        </ThemeProvider>
      </BrowserRecordContext>
    </StrictMode>
  );
}
