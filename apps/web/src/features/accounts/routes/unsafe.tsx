import ShieldAlertIcon from '@mui/icons-material/GppMaybeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLocation, useNavigate } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { isFirstHistoryEntry } from '../../../components/back-button';
import { CenteredMessage } from '../../../components/centered-message';
import { loadQueries } from '../../../lib/route-loader';

/** Route loader: who is signed in, as every app screen; the page itself needs no data. */
export function unsafeBrowserLoader() {
  return loadQueries();
}

/**
 * Unsafe Browser (product.md section 2): sign-in is refused inside the in-app browsers of social apps, whose host
 * app can watch what is typed. The sign-in screen sends visitors here with the browser's name.
 */
export function UnsafeBrowserPage() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const browser = typeof state?.browser === 'string' ? state.browser : 'in-app';
  return (
    <>
      <AppTopBar />
      <CenteredMessage
        title="Unsafe Browser"
        detail={`You can't sign in here. You are using the ${browser} browser, and signing in from inside another app is not safe.`}
      >
        <Box sx={{ color: 'primary.main', display: 'flex', alignItems: 'center', gap: 1 }}>
          <ShieldAlertIcon />
          <Typography sx={{ fontWeight: 700, fontSize: 18 }}>Safety first!</Typography>
        </Box>
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          Open this page in your phone's regular browser, such as Safari or Chrome (look for "Open in browser" in the
          app's menu), then sign in there.
        </Typography>
        <Button
          variant="contained"
          size="large"
          sx={{ borderRadius: 999, minWidth: 180 }}
          onClick={() => (isFirstHistoryEntry() ? navigate('/home') : navigate(-1))}
        >
          Go Back
        </Button>
      </CenteredMessage>
    </>
  );
}
