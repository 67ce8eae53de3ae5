import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type ReactNode, StrictMode } from 'react';
import { Notifications } from '../components/notifications';
import { theme } from './theme';

/**
 * What wraps the router in the browser and on the server alike (entry-server.tsx renders the pages fans
 * land on): both must build the same tree, or the app would not take over the server's markup as it is.
 */
export function AppRoot({ children, withNotifications }: { children: ReactNode; withNotifications: boolean }) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        {withNotifications && <Notifications />}
      </ThemeProvider>
    </StrictMode>
  );
}
