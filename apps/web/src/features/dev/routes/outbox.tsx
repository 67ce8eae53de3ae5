import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppTopBar } from '../../../components/app-top-bar';
import { ApiError, api, ok } from '../../../lib/api-client';
import { loadQueries } from '../../../lib/route-loader';

/** The outbox's messages, asked again every 3 s; a 404 (no outbox on this server) is not retried. */
const outboxOptions = queryOptions({
  queryKey: ['dev-outbox'],
  queryFn: () => ok(api.GET('/api/dev/outbox')),
  refetchInterval: 3000,
  retry: false,
});

export function outboxLoader() {
  return loadQueries(outboxOptions);
}

/**
 * /dev/outbox (architecture.md section 2): every SMS and e-mail the local adapters kept instead of sending, newest
 * first. The server offers the list only with local adapters on a local address.
 */
export function OutboxPage() {
  const { data, error, isPending } = useQuery(outboxOptions);
  return (
    <>
      <AppTopBar hasBack />
      <Box component="main" sx={{ maxWidth: 760, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
          Outbox
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Text messages and e-mails this server would have sent, newest first.
        </Typography>
        {isPending ? (
          <CircularProgress aria-label="Loading messages" />
        ) : error ? (
          <Typography>
            {error instanceof ApiError && error.status === 404
              ? 'The outbox is not available on this server.'
              : 'Could not load the outbox.'}
          </Typography>
        ) : data.length === 0 ? (
          <Typography>No messages yet.</Typography>
        ) : (
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.map((message) => (
              <Paper
                component="li"
                key={`${message.createdAt}-${message.to}-${message.text}`}
                variant="outlined"
                sx={{ p: 2, backgroundImage: 'none' }}
              >
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
                  <Chip
                    label={message.channel === 'sms' ? 'SMS' : 'Email'}
                    size="small"
                    color={message.channel === 'sms' ? 'primary' : 'secondary'}
                  />
                  <Typography sx={{ fontWeight: 700, wordBreak: 'break-all' }}>{message.to}</Typography>
                  <Box sx={{ flexGrow: 1 }} />
                  <Typography component="time" dateTime={message.createdAt} variant="body2" color="text.secondary">
                    {new Date(message.createdAt).toLocaleString()}
                  </Typography>
                </Stack>
                {message.subject && <Typography sx={{ fontWeight: 600, mb: 0.5 }}>{message.subject}</Typography>}
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                >
                  {message.text}
                </Typography>
              </Paper>
            ))}
          </Stack>
        )}
      </Box>
    </>
  );
}
