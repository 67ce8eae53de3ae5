import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { formatTokens } from '@sweetwish/shared/money';

// The parts the dialogs that spend tokens share (a tip, a contribution to a group gift).

/** The signed-in user's balance, or why it is not shown yet. */
export function BalanceLine({ balanceCents, isError }: { balanceCents: number | undefined; isError: boolean }) {
  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      {balanceCents === undefined
        ? isError
          ? 'Your balance could not be loaded.'
          : 'Loading your balance…'
        : `Your balance: ${formatTokens(balanceCents)} tokens`}
    </Typography>
  );
}

/** "Send anonymously" or the like: the buyer's name is left off what the recipient sees. */
export function AnonymousCheckbox(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
}) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={props.checked}
          onChange={(event) => props.onChange(event.target.checked)}
          disabled={props.disabled}
        />
      }
      label={props.label}
    />
  );
}

/** Cancel, and Submit, which reads "Get Tokens" when the amount is more than the balance. */
export function PayDialogActions(props: {
  onClose: () => void;
  canSubmit: boolean;
  isSubmitting: boolean;
  needsTokens: boolean;
}) {
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button onClick={props.onClose} color="inherit">
        Cancel
      </Button>
      <Button type="submit" variant="contained" disabled={!props.canSubmit} loading={props.isSubmitting}>
        {props.needsTokens ? 'Get Tokens' : 'Submit'}
      </Button>
    </DialogActions>
  );
}
