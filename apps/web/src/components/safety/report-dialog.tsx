import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '@sweetwish/shared/safety-rules';
import { useId, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notification-store';
import { type ReportTarget, useSendReport } from './safety-queries';

/**
 * Report a profile, a wish or a message (issue 21, item 4): a reason, an optional note, and "Send Report".
 * The reporter is told the report arrived, and nothing of what comes of it.
 */
export function ReportDialog({
  open,
  onClose,
  target,
  title,
}: {
  open: boolean;
  onClose: () => void;
  target: ReportTarget;
  title: string;
}) {
  const titleId = useId();
  const send = useSendReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');

  const close = () => {
    setReason('');
    setNote('');
    onClose();
  };
  const submit = () => {
    if (reason === '') return;
    send.mutate(
      { ...target, reason, note: note.trim() },
      {
        onSuccess: (receipt) => {
          notify(receipt.message, { severity: 'success' });
          close();
        },
        onError: (error) =>
          notify(error instanceof ApiError ? error.message : 'Could not send the report. Try again later.'),
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ fontWeight: 800 }}>
        {title}
      </DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id={`${titleId}-reason`}>Reason</FormLabel>
          <RadioGroup
            aria-labelledby={`${titleId}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value as ReportReason)}
          >
            {REPORT_REASONS.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={REPORT_REASON_LABELS[value]} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label="Note (optional)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: REPORT_NOTE_MAX } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={close}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={reason === '' || send.isPending} sx={{ minWidth: 140 }}>
          {send.isPending ? <CircularProgress size={22} color="inherit" aria-label="Sending" /> : 'Send Report'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
