import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

export const UPDATE_TEXTS = { available: 'A new version is available', reload: 'Reload' } as const;

function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <Snackbar
      open={isOpen}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      message={UPDATE_TEXTS.available}
      onClose={(_event, reason) => reason !== 'clickaway' && setOpen(false)}
      action={
        <Button color="inherit" size="small" onClick={onReload}>
          {UPDATE_TEXTS.reload}
        </Button>
      }
    />
  );
}

/**
 * Shows the prompt in a root of its own: it can appear on any screen, outside the router. MUI's default
 * snackbar is dark with light text whatever the theme, so it needs none of the app's.
 */
export function showUpdatePrompt(onReload: () => void) {
  const host = document.body.appendChild(document.createElement('div'));
  createRoot(host).render(<UpdatePrompt onReload={onReload} />);
}
