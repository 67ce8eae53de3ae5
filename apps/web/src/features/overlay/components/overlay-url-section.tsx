import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OverlaySettings } from '@sweetwish/shared/overlay';
import { useState } from 'react';
import { notify } from '../../../lib/notification-store';
import { sendTestAlert, useRegenerateOverlayUrl } from '../api/overlay-calls';
import { Section, saveFailed } from './settings-section';

const overlayUrl = (secret: string) => `${window.location.origin}/overlay/${secret}`;

export function UrlSection({ settings }: { settings: OverlaySettings }) {
  const regenerate = useRegenerateOverlayUrl();
  const [isConfirming, setIsConfirming] = useState(false);
  const url = overlayUrl(settings.secret);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify('Overlay URL copied');
    } catch {
      notify('Could not copy. Select the URL and copy it.');
    }
  };
  return (
    <Section title="Overlay URL">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Keep it secret: anyone with this URL sees your overlay. Regenerate it if it leaked; the old one stops at once.
      </Typography>
      <TextField
        label="Overlay URL"
        value={url}
        fullWidth
        type="password"
        slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }}
      />
      <Box sx={{ display: 'flex', gap: 1.5, mt: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void copy()}>
          Copy URL
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => setIsConfirming(true)}
          disabled={regenerate.isPending}
        >
          Regenerate URL
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => void sendTestAlert().then(() => notify('Test alert sent'), saveFailed)}
        >
          Send test alert
        </Button>
      </Box>
      <Dialog open={isConfirming} onClose={() => setIsConfirming(false)}>
        <DialogTitle>Regenerate the overlay URL?</DialogTitle>
        <DialogContent>
          The current URL stops working at once, in OBS too. Paste the new one into your browser source.
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setIsConfirming(false)}>
            Cancel
          </Button>
          <Button
            color="error"
            onClick={() => {
              setIsConfirming(false);
              regenerate.mutate(undefined, { onSuccess: () => notify('New overlay URL made'), onError: saveFailed });
            }}
          >
            Regenerate
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
