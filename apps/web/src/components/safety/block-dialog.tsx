import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

/**
 * Confirms a block (issue 21, item 3): what it does, and a choice to also refuse the user's gifts and tips.
 */
export function BlockDialog({
  open,
  name,
  isPending,
  onClose,
  onBlock,
}: {
  open: boolean;
  name: string;
  isPending: boolean;
  onClose: () => void;
  onBlock: (refusesGifts: boolean) => void;
}) {
  const titleId = useId();
  const [refusesGifts, setRefusesGifts] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ fontWeight: 800 }}>
        Block {name}?
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">
          Neither of you will be able to message the other or start a conversation. They can still see your public
          profile. You can unblock them in Settings.
        </Typography>
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={refusesGifts} onChange={(event) => setRefusesGifts(event.target.checked)} />}
          label="Also refuse their gifts and tips"
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => onBlock(refusesGifts)}
          disabled={isPending}
          sx={{ minWidth: 120 }}
        >
          {isPending ? <CircularProgress size={22} color="inherit" aria-label="Blocking" /> : 'Block'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
