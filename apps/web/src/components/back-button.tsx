import IconButton from '@mui/material/IconButton';
import { useNavigate } from 'react-router';
import { BackArrowIcon } from './app-icons';

/** True when this page is the first entry of the app's history in this tab (React Router counts from 0). */
export function isFirstHistoryEntry(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return !state || state.idx === 0;
}

/** The top bar's back arrow: one page back, or to /home when the app was opened on this page (spec section 2). */
export function BackButton() {
  const navigate = useNavigate();
  return (
    <IconButton
      aria-label="Back"
      edge="start"
      onClick={() => (isFirstHistoryEntry() ? navigate('/home') : navigate(-1))}
      sx={{ color: 'text.primary' }}
    >
      <BackArrowIcon />
    </IconButton>
  );
}
