import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@sweetwish/shared/brand';
import { useEffect, useRef, useState } from 'react';
import { useBrowserRecord } from '../../../lib/server-state';
import { acceptedBeforeTheCookie, acceptedInThisBrowser, recordTermsAccepted } from '../lib/terms-accepted';

/** Minimum age to use the product (product.md sections 1 and 9). */
export const MINIMUM_AGE = 18;

/**
 * The terms, shown on the sign-in screen until the visitor accepts them (product.md section 4, Terms dialog). The
 * legal pages open in a new tab so the sign-in is not lost.
 *
 * The server renders the sign-in screen with the dialog open (decision 043), so the dialog is drawn where
 * it stands in the page rather than in a portal (which only exists in the browser), and shows at once rather
 * than fading in (a fade starts hidden). Its own box is the modal's container, so the page around it is not
 * hidden from assistive technology with the dialog inside it; `aria-modal` tells them the rest is inert.
 * Accept is a form that works before the app has hydrated the page: the server records it and sends the
 * visitor back to this page (decision 052); once hydrated, the app records it without leaving the page.
 */
export function TermsDialog() {
  const wasAccepted = useBrowserRecord(acceptedInThisBrowser, (record) => record.termsAccepted ?? false);
  const [isAcceptedNow, setIsAcceptedNow] = useState(false);
  const isOpen = !wasAccepted && !isAcceptedNow;
  const containerRef = useRef<HTMLDivElement>(null);
  const accept = () => {
    recordTermsAccepted();
    setIsAcceptedNow(true);
  };
  // Accepted before the cookie existed: the server could not know and drew the dialog, which hydration then
  // closes; the cookie tells the server next time.
  useEffect(() => {
    if (acceptedBeforeTheCookie()) recordTermsAccepted();
  }, []);
  return (
    <Box ref={containerRef}>
      <Dialog
        open={isOpen}
        disablePortal
        container={() => containerRef.current}
        aria-labelledby="terms-title"
        aria-describedby="terms-text"
        maxWidth="xs"
        fullWidth
        slotProps={{ transition: { appear: false }, backdrop: { appear: false } }}
      >
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
        <form
          method="post"
          action="/api/terms-accepted"
          onSubmit={(event) => {
            event.preventDefault();
            accept();
          }}
        >
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button type="submit" variant="contained" fullWidth size="large" sx={{ borderRadius: 999 }}>
              Accept
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Box>
  );
}
