import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { WebhookAttempt } from '@sweetwish/shared/webhooks';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { useAttempts, useResend } from '../api/webhook-calls';

/** An endpoint's delivery log, newest first: when, which event, the answer or the error, and Resend. */
export function DeliveryLog({ endpointId, canResend }: { endpointId: string; canResend: boolean }) {
  const attempts = useAttempts(endpointId, true);
  const resend = useResend();
  if (attempts.isPending) return <CircularProgress size={20} sx={{ m: 2 }} aria-label="Loading deliveries" />;
  if (attempts.isError) return <Typography color="error">The delivery log could not be loaded.</Typography>;
  const rows = attempts.data.attempts;
  if (rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        No deliveries yet.
      </Typography>
    );
  }
  const send = async (attempt: WebhookAttempt) => {
    try {
      await resend.mutateAsync({ id: endpointId, deliveryId: attempt.deliveryId });
      notify('Sent again.', { severity: 'success' });
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'The delivery could not be sent again.');
    }
  };
  return (
    <Box component="ul" aria-label="Delivery log" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {rows.map((attempt) => (
        <Box component="li" key={attempt.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }} color={attempt.isSuccess ? 'success.main' : 'error'}>
              {attempt.statusCode ?? 'No answer'}
            </Typography>
            <Typography variant="body2">{attempt.eventType}</Typography>
            <Typography variant="body2" color="text.secondary">
              {new Date(attempt.at).toLocaleString()} · {attempt.durationMs} ms{attempt.isResend ? ' · resent' : ''}
            </Typography>
            <Box sx={{ flex: 1 }} />
            {canResend && (
              <Button size="small" onClick={() => send(attempt)} disabled={resend.isPending}>
                Resend
              </Button>
            )}
          </Box>
          {(attempt.error || attempt.responseBody) && (
            <Typography
              variant="caption"
              component="pre"
              color="text.secondary"
              sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0 }}
            >
              {attempt.error ?? attempt.responseBody}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
