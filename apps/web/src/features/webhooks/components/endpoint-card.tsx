import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { WebhookEndpoint, WebhookSecret } from '@sweetwish/shared/webhooks';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import {
  revealSecret,
  useDeleteEndpoint,
  useRollSecret,
  useSendTestEvent,
  useUpdateEndpoint,
} from '../api/webhook-calls';
import { DeliveryLog } from './delivery-log';
import { EndpointForm } from './endpoint-form';
import { EVENT_LABELS, STATUS_LABELS } from './event-labels';

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong.');

/** One endpoint: its status and events, and what its owner can do with it. */
export function EndpointCard({ endpoint, acceptsLocalHttp }: { endpoint: WebhookEndpoint; acceptsLocalHttp: boolean }) {
  const update = useUpdateEndpoint();
  const sendTest = useSendTestEvent();
  const remove = useDeleteEndpoint();
  const roll = useRollSecret();
  const [isEditing, setIsEditing] = useState(false);
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const [secret, setSecret] = useState<WebhookSecret | undefined>();
  const isActive = endpoint.status === 'active';

  const run = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      if (done) notify(done, { severity: 'success' });
    } catch (error) {
      notify(failureText(error));
    }
  };
  const copy = (text: string) =>
    run(async () => {
      await navigator.clipboard.writeText(text);
    }, 'Secret copied.');

  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, mt: 2, listStyle: 'none' }} aria-label={endpoint.url}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {/* One line, cut with an ellipsis rather than broken mid-word; the whole address is its title. */}
        <Typography noWrap title={endpoint.url} sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>
          {endpoint.url}
        </Typography>
        <Chip
          size="small"
          label={STATUS_LABELS[endpoint.status]}
          color={isActive ? 'success' : endpoint.status === 'failing' ? 'error' : 'default'}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {endpoint.events.map((type) => EVENT_LABELS[type]).join(' · ')}
      </Typography>
      {isActive && endpoint.failingSince && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }}>
          Deliveries failing since {new Date(endpoint.failingSince).toLocaleString()}.
        </Typography>
      )}
      {isEditing ? (
        <EndpointForm
          acceptsLocalHttp={acceptsLocalHttp}
          initial={{ url: endpoint.url, events: endpoint.events }}
          submitLabel="Save"
          onCancel={() => setIsEditing(false)}
          onSubmit={async (values) => {
            await update.mutateAsync({ id: endpoint.id, ...values });
            setIsEditing(false);
          }}
        />
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Button size="small" onClick={() => setIsEditing(true)}>
            Edit
          </Button>
          <Button
            size="small"
            onClick={() => run(() => update.mutateAsync({ id: endpoint.id, isEnabled: !isActive }))}
            disabled={update.isPending}
          >
            {isActive ? 'Turn off' : 'Turn on'}
          </Button>
          <Button
            size="small"
            onClick={() =>
              secret ? setSecret(undefined) : run(async () => setSecret(await revealSecret(endpoint.id)))
            }
          >
            {secret ? 'Hide secret' : 'Reveal secret'}
          </Button>
          <Button
            size="small"
            onClick={() => run(async () => setSecret(await roll.mutateAsync(endpoint.id)), 'New secret made.')}
            disabled={roll.isPending}
          >
            Roll secret
          </Button>
          <Button
            size="small"
            onClick={() =>
              run(async () => {
                await sendTest.mutateAsync(endpoint.id);
                setIsLogOpen(true);
              }, 'Test event sent: its delivery shows in the log.')
            }
            disabled={!isActive || sendTest.isPending}
          >
            Send test event
          </Button>
          <Button size="small" onClick={() => setIsLogOpen(!isLogOpen)} aria-expanded={isLogOpen}>
            Delivery log
          </Button>
          <Button size="small" color="error" onClick={() => setIsDeleteOpen(true)}>
            Delete
          </Button>
        </Box>
      )}
      {secret && (
        <Box sx={{ mt: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Typography
              component="code"
              aria-label="Signing secret"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              {secret.secret}
            </Typography>
            <Button size="small" onClick={() => copy(secret.secret)}>
              Copy
            </Button>
          </Box>
          {secret.previousExpiresAt && (
            <Typography variant="body2" color="text.secondary">
              The previous secret also signs deliveries until {new Date(secret.previousExpiresAt).toLocaleString()}.
            </Typography>
          )}
        </Box>
      )}
      {isLogOpen && <DeliveryLog endpointId={endpoint.id} canResend={isActive} />}
      <Dialog open={isDeleteOpen} onClose={() => setIsDeleteOpen(false)}>
        <DialogTitle>Delete this endpoint?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Nothing more is sent to {endpoint.url}, and its delivery log is deleted.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsDeleteOpen(false)}>Cancel</Button>
          <Button
            color="error"
            onClick={() => run(() => remove.mutateAsync(endpoint.id)).then(() => setIsDeleteOpen(false))}
            disabled={remove.isPending}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
