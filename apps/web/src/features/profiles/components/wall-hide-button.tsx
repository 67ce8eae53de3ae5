import EyeOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { WallEntry } from '@sweetwish/shared/gift-messages';
import { useId, useState } from 'react';
import { notify } from '../../../lib/notification-store';
import { useHideWallEntry } from '../api/wall-more-calls';

/**
 * The creator's "Hide from wall" on an entry of their supporters wall (decision 101): asked once, then the
 * entry leaves the wall for everyone. The gift itself stays in Received.
 */
export function WallHideButton({
  handle,
  entry,
  onHidden,
}: {
  handle: string;
  entry: WallEntry;
  onHidden: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const hide = useHideWallEntry(handle);
  const titleId = useId();
  const confirm = () =>
    hide.mutate(entry.id, {
      onSuccess: () => {
        setIsOpen(false);
        onHidden();
      },
      onError: () => notify('Could not hide it. Try again later.'),
    });
  return (
    <>
      <IconButton
        aria-label={`Hide ${entry.name}'s entry from your wall`}
        onClick={() => setIsOpen(true)}
        sx={{ alignSelf: 'start' }}
      >
        <EyeOffIcon fontSize="small" />
      </IconButton>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>Hide from your wall?</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary">
            Nobody will see it on your page again. You keep the gift and its message in Received.
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsOpen(false)} disabled={hide.isPending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={confirm} loading={hide.isPending}>
            Hide
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
