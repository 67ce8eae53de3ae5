import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SuspendedAccount } from '@sweetwish/shared/safety';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { useState } from 'react';
import { LoadMore } from '../../../components/load-more';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { useLiftSuspension, useSuspendedAccounts } from '../api/moderation-calls';
import { ReasonDialog } from './reason-dialog';

/** The suspended accounts, the latest suspended first, each with Lift Suspension (with a reason). */
export function SuspendedAccounts() {
  const accounts = useSuspendedAccounts();
  const rows = itemsOf(accounts.data);
  const [lifting, setLifting] = useState<SuspendedAccount | null>(null);
  return (
    <Box component="section" aria-labelledby="suspended-accounts" sx={{ mt: 5 }}>
      <Typography id="suspended-accounts" variant="h5" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
        Suspended Accounts
      </Typography>
      {accounts.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading suspended accounts" />
        </Box>
      ) : hasListFailed(accounts) ? (
        <Typography color="error">Something went wrong.</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{SAFETY_MESSAGES.noSuspendedAccounts}</Typography>
      ) : (
        <Stack spacing={2} component="ul" aria-label="Suspended accounts" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((account) => (
            <Box component="li" key={account.id}>
              <Card variant="outlined">
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                      {account.displayName ?? '(no name)'} {account.handle && `@${account.handle}`}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      Suspended {new Date(account.suspendedAt).toLocaleString('en-US')}
                    </Typography>
                  </Box>
                  <Button variant="outlined" onClick={() => setLifting(account)}>
                    Lift Suspension
                  </Button>
                </CardContent>
              </Card>
            </Box>
          ))}
          <LoadMore list={accounts} label="Loading more suspended accounts" />
        </Stack>
      )}
      {lifting && <LiftDialog account={lifting} onClose={() => setLifting(null)} />}
    </Box>
  );
}

function LiftDialog({ account, onClose }: { account: SuspendedAccount; onClose: () => void }) {
  const lift = useLiftSuspension();
  const name = account.handle ? `@${account.handle}` : (account.displayName ?? 'this account');
  return (
    <ReasonDialog
      title={`Lift the suspension of ${name}`}
      isPending={lift.isPending}
      onClose={onClose}
      onConfirm={(reason) =>
        lift.mutate(
          { userId: account.id, reason },
          {
            onSuccess: () => {
              notify('Suspension lifted. It is in the audit log.', { severity: 'success' });
              onClose();
            },
            onError: (error) => notify(error instanceof ApiError ? error.message : 'Something went wrong.'),
          },
        )
      }
    />
  );
}
