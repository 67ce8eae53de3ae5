import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { useState } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';

/** Minimum age to use the product (spec sections 1 and 9). */
export const MINIMUM_AGE = 18;

/**
 * The terms, shown on the sign-in screen until the visitor accepts them; "Accept" is recorded in local
 * storage (spec section 4, Terms dialog). The legal pages open in a new tab so the sign-in is not lost.
 */
export function TermsDialog() {
  const [isOpen, setIsOpen] = useState(() => readStored(STORAGE_KEYS.termsAccepted) === null);
  const accept = () => {
    writeStored(STORAGE_KEYS.termsAccepted, new Date().toISOString());
    setIsOpen(false);
  };
  return (
    <Dialog open={isOpen} aria-labelledby="terms-title" aria-describedby="terms-text" maxWidth="xs" fullWidth>
      <DialogTitle id="terms-title" sx={{ fontWeight: 800 }}>
        Before you sign in
      </DialogTitle>
      <DialogContent id="terms-text">
        <Typography sx={{ mb: 1.5 }}>
          {PRODUCT_NAME} is for adults: you must be at least {MINIMUM_AGE} years old to use it.
        </Typography>
        <Typography color="text.secondary">
          By continuing you agree to our{' '}
          <Link href="/terms-of-service" target="_blank" rel="noopener">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link href="/privacy" target="_blank" rel="noopener">
            Privacy Policy
          </Link>
          .
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={accept} fullWidth size="large" sx={{ borderRadius: 999 }}>
          Accept
        </Button>
      </DialogActions>
    </Dialog>
  );
}
