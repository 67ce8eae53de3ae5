import BackArrowIcon from '@mui/icons-material/ArrowBack';
import IconButton from '@mui/material/IconButton';
import { Link, useNavigate } from 'react-router';

/**
 * True when the app was opened on this page in this tab: the first entry of its history (React Router counts
 * from 0), and not reached from one of this site's pages. A page the server drew follows its links before the
 * app has hydrated it, as a browser does: the next page then starts the app anew, but the page before it is
 * still one step back.
 */
export function isFirstHistoryEntry(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  if (state && state.idx !== 0) return false;
  return !(window.history.length > 1 && isFromThisSite(document.referrer));
}

function isFromThisSite(referrer: string): boolean {
  return URL.canParse(referrer) && new URL(referrer).origin === window.location.origin;
}

/**
 * The top bar's back arrow: one page back, or to /home when the app was opened on this page (product.md section
 * 2). It is a link to /home, which a tap follows before the app has hydrated a page the server drew.
 */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <IconButton
      aria-label="Back"
      edge="start"
      component={Link}
      to="/home"
      onClick={(event) => {
        if (isFirstHistoryEntry()) return;
        event.preventDefault();
        navigate(-1);
      }}
      sx={{ color: 'text.primary' }}
    >
      <BackArrowIcon />
    </IconButton>
  );
}
