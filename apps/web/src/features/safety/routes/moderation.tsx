import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OpenReport } from '@sweetwish/shared/safety';
import { type ModerationActionKind, SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { LoadMore } from '../../../components/load-more';
import { RequireSignIn } from '../../../components/require-sign-in';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { loadOpenReports, useModerationAction, useOpenReports } from '../api/moderation-calls';
import { ReasonDialog } from '../components/reason-dialog';
import { ReportCard } from '../components/report-card';
import { SuspendedAccounts } from '../components/suspended-accounts';

const ACTION_LABELS: Record<ModerationActionKind, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide',
  suspend: 'Suspend Account',
};

export function moderationLoader() {
  return loadOpenReports();
}

/**
 * The moderation queue (/moderation; issue 21, item 5 and issue 53, item 2): one entry per reported target
 * (decision 028), each with its reports merged, the reporter, the owner, the content as it was when
 * reported and a link to it, and Dismiss, Hide (a wish or a message) and Suspend Account, each with a
 * reason; below, the suspended accounts, each with Lift Suspension. The audit log is a screen of its own.
 * The server answers 404 to anyone but a moderator, and so does this screen.
 */
export function ModerationPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <ModerationQueue />
      </RequireSignIn>
    </>
  );
}

function ModerationQueue() {
  const reports = useOpenReports();
  const rows = itemsOf(reports.data);
  const [acting, setActing] = useState<{ report: OpenReport; action: ModerationActionKind } | null>(null);

  if (reports.error instanceof ApiError && reports.error.status === 404) {
    return <CenteredMessage title="There's Nothing Here." />;
  }
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', flex: 1 }}>
          Moderation
        </Typography>
        <Button component={Link} to="/moderation/audit" variant="outlined">
          Audit Log
        </Button>
      </Stack>
      {reports.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading reports" />
        </Box>
      ) : hasListFailed(reports) ? (
        <Typography color="error">Something went wrong.</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{SAFETY_MESSAGES.noReports}</Typography>
      ) : (
        <Stack spacing={2} component="ul" aria-label="Open reports" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((report) => (
            <Box component="li" key={report.id}>
              <ReportCard report={report} onAct={(action) => setActing({ report, action })} />
            </Box>
          ))}
        </Stack>
      )}
      <LoadMore list={reports} label="Loading more reports" />
      {acting && <ActionDialog {...acting} onClose={() => setActing(null)} />}
      <SuspendedAccounts />
    </Box>
  );
}

function ActionDialog({
  report,
  action,
  onClose,
}: {
  report: OpenReport;
  action: ModerationActionKind;
  onClose: () => void;
}) {
  const act = useModerationAction();
  const confirm = (reason: string) =>
    act.mutate(
      { reportId: report.id, action, reason },
      {
        onSuccess: () => {
          notify('Done. It is in the audit log.', { severity: 'success' });
          onClose();
        },
        onError: (error) => notify(error instanceof ApiError ? error.message : 'Something went wrong.'),
      },
    );
  const title = action === 'hide' ? `Hide this ${report.kind}` : ACTION_LABELS[action];
  // A dismissal touches nobody; otherwise the owner is sent the reason (never who reported them).
  const hint = {
    dismiss: undefined,
    hide: `The ${report.kind}'s owner is sent this reason by text or e-mail.`,
    suspend: 'The account is sent this reason by text or e-mail.',
  }[action];
  return <ReasonDialog title={title} hint={hint} isPending={act.isPending} onConfirm={confirm} onClose={onClose} />;
}
