import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { AppTopBar } from '../../../components/app-top-bar';
import { wishListOptions } from '../../../components/profiles/profile-queries';
import { RequireSignIn } from '../../../components/require-sign-in';
import { queryClient } from '../../../lib/query-client';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { meOptions } from '../../../lib/session';
import { overlaySettingsOptions, useOverlaySettings } from '../api/overlay-calls';
import { MessageSettings } from '../components/message-settings';
import { GoalSection } from '../components/overlay-goal-section';
import { PreviewSection } from '../components/overlay-preview-section';
import { ShowSection } from '../components/overlay-show-section';
import { UrlSection } from '../components/overlay-url-section';

/** The settings and the creator's wishes (to pick a goal from) load together. */
export async function overlaySettingsLoader() {
  const me = await queryClient.ensureQueryData(meOptions).catch(() => null);
  return me ? loadSignedInQueries(overlaySettingsOptions, wishListOptions(me.id)) : null;
}

/**
 * /settings/overlay: the creator's stream overlay (decision 031): its secret URL (copy, regenerate), what
 * it shows, the goal, a test alert, and a live preview of the overlay itself.
 */
export function OverlaySettingsPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn requireCompleteProfile>
        <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 8 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 1 }}>
            Stream overlay
          </Typography>
          <Typography color="text.secondary">
            Show gifts and tips on your stream: add this page to OBS or Streamlabs as a browser source, 1920 x 1080.
          </Typography>
          <OverlaySettingsForm />
        </Box>
      </RequireSignIn>
    </>
  );
}

function OverlaySettingsForm() {
  const settings = useOverlaySettings();
  if (settings.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading overlay settings" />
      </Box>
    );
  }
  if (settings.isError) {
    return (
      <Typography color="error" sx={{ py: 2 }}>
        Something went wrong. Your overlay settings could not be loaded.
      </Typography>
    );
  }
  return (
    <>
      <UrlSection settings={settings.data} />
      <ShowSection settings={settings.data} />
      <GoalSection settings={settings.data} />
      <MessageSettings />
      <PreviewSection settings={settings.data} />
    </>
  );
}
