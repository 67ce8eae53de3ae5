import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { formatTokens } from '@sweetwish/shared/money';
import { SETTINGS_MESSAGES } from '@sweetwish/shared/settings-rules';
import type { Wallet } from '@sweetwish/shared/wallet';
import { useState } from 'react';
import { leaveAfterSessionEnded } from '../../../components/accounts/log-out';
import { useWallet } from '../../../components/wallet/wallet-queries';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { deleteAccount } from '../api/settings-calls';
import { deletionBlocker } from './deletion-blocker';

const TITLE_ID = 'delete-account-title';
const DELETED_TITLE_ID = 'account-deleted-title';

/**
 * Confirms deleting the account (issue 6, item 10). What the server would refuse or ask is said before the
 * irreversible press, from the wallet: earnings to withdraw or still clearing (the button stays off), or
 * tokens that cannot be withdrawn (the button reads "Give Up and Delete"). The server still decides: its
 * 409 shows here and as a notification. Once deleted, the dialog says so; "Done" forgets everything on this
 * device and reloads the app at its origin, as after Logout.
 */
export function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [isDeleting, setIsDeleting] = useState(false);
  const [isDeleted, setIsDeleted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A remainder that cannot be withdrawn, named by the server: the next press gives it up (decision 017).
  const [namedForfeitCents, setForfeitCents] = useState<number | undefined>(undefined);
  // Refused before the confirm, not after it: the wallet already tells what the server would say.
  const wallet = useWallet().data;
  const blocker = deletionBlocker(wallet);
  const forfeitCents = namedForfeitCents ?? (blocker === null ? forfeitOf(wallet) : undefined);

  const confirm = async () => {
    setIsDeleting(true);
    setProblem(null);
    try {
      await deleteAccount(forfeitCents);
      setIsDeleted(true);
    } catch (error) {
      const isRefusal = error instanceof ApiError && error.status === 409;
      const message = isRefusal ? error.message : SETTINGS_MESSAGES.deleteFailed;
      const named = isRefusal ? Number(error.body.fields?.forfeitCents) : Number.NaN;
      setForfeitCents(Number.isSafeInteger(named) && named > 0 ? named : undefined);
      setProblem(message);
      notify(message);
      setIsDeleting(false);
    }
  };

  if (isDeleted) return <AccountDeleted />;

  return (
    <Dialog
      open={isOpen}
      onClose={isDeleting ? undefined : onClose}
      aria-labelledby={TITLE_ID}
      fullWidth
      maxWidth="xs"
      slotProps={{
        transition: {
          onExited: () => {
            setProblem(null);
            setForfeitCents(undefined);
          },
        },
      }}
    >
      <DialogTitle id={TITLE_ID} sx={{ fontWeight: 800 }}>
        Delete your account?
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1.5 }}>
          Your profile, wishes, photos and the images you sent are removed, and you are signed out everywhere. Your
          handle is released after 30 days.
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Records of payments are kept, as the law requires. This cannot be undone.
        </Typography>
        {(problem ?? blocker) && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem ?? blocker}
          </Alert>
        )}
        {!(problem ?? blocker) && forfeitCents && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {SETTINGS_MESSAGES.confirmForfeit(`${formatTokens(forfeitCents)} tokens`)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit" disabled={isDeleting}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="error"
          onClick={() => void confirm()}
          disabled={isDeleting || blocker !== null}
          sx={{ minWidth: 150 }}
        >
          {isDeleting ? (
            <CircularProgress size={22} color="inherit" aria-label="Deleting account" />
          ) : forfeitCents ? (
            'Give Up and Delete'
          ) : (
            'Delete Account'
          )}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Tokens that cannot be withdrawn and go with the account (bought ones, and earnings below the minimum). */
function forfeitOf(wallet: Wallet | undefined): number | undefined {
  const cents = wallet ? wallet.boughtCents + wallet.availableCents : 0;
  return cents > 0 ? cents : undefined;
}

/** Said once the account is gone; "Done" leaves as Logout does. */
function AccountDeleted() {
  return (
    <Dialog
      open
      aria-labelledby={DELETED_TITLE_ID}
      fullWidth
      maxWidth="xs"
      onClose={() => void leaveAfterSessionEnded()}
    >
      <DialogTitle id={DELETED_TITLE_ID} sx={{ fontWeight: 800 }}>
        Your account was deleted
      </DialogTitle>
      <DialogContent>
        <Typography>
          Your profile and personal data are gone and you are signed out everywhere. Records of payments are kept, as
          the law requires.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={() => void leaveAfterSessionEnded()} autoFocus>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
