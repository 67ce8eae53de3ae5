import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { type HandleStatus, handleStatusMessage } from '../../../components/accounts/handle-status';

/** The line under the handle field: a spinner while checking, a check mark when available, else the problem. */
export function HandleStatusLine({ status }: { status: HandleStatus }) {
  const message = handleStatusMessage(status);
  if (!message) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {status === 'checking' && <CircularProgress size={12} aria-hidden="true" />}
      {status === 'available' && (
        <Box component="span" sx={{ color: 'success.main', display: 'inline-flex' }}>
          <CheckCircleIcon sx={{ fontSize: 14 }} />
        </Box>
      )}
      {message}
    </Box>
  );
}
