import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { SETTINGS_MESSAGES } from '@sweetwish/shared/settings-rules';
import { useState } from 'react';
import { leaveAfterSessionEnded } from '../../../components/accounts/log-out';
import { useWallet } from '../../../components/wallet/wallet-queries';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { deleteAccount } from '../api/settings-calls';
import { deletionBlocker } from './deletion-blocker';

const TITLE_ID = 'delete-account-title';

/**
 * Confirms deleting the account (issue 6, item 10). The server refuses while the wallet holds money (409,
 * "Withdraw your balance before deleting your account."): its reason shows here and as a notification.
 * Once deleted, this device forgets everything and the app reloads at its origin, as after Logout.
 */
export function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const [isDeleting, setIsDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // A remainder that cannot be withdrawn, named by the server: the next press gives it up (decision 017).
  const [forfeitCents, setForfeitCents] = useState<number | undefined>(undefined);
  // Refused before the confirm, not after it: the wallet already tells what the server would say.
  const blocker = deletionBlocker(useWallet().data);

  const confirm = async () => {
    setIsDeleting(true);
    setProblem(null);
    try {
      await deleteAccount(forfeitCents);
      void leaveAfterSessionEnded();
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
