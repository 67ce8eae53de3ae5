import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MODERATION_REASON_MAX } from '@sweetwish/shared/safety-rules';
import { useId, useState } from 'react';

/**
 * Asks a moderator why before an action: every action goes to the audit log with its reason, and `hint`
 * says who else reads it.
 */
export function ReasonDialog({
  title,
  hint,
  isPending,
  onConfirm,
  onClose,
}: {
  title: string;
  hint?: string | undefined;
  isPending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ fontWeight: 800 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          margin="dense"
          required
          helperText={hint}
          slotProps={{ htmlInput: { maxLength: MODERATION_REASON_MAX } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => onConfirm(reason.trim())}
          disabled={reason.trim() === '' || isPending}
          sx={{ minWidth: 120 }}
        >
          {isPending ? <CircularProgress size={22} color="inherit" aria-label="Working" /> : 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
