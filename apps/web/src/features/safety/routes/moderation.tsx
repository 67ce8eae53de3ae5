import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OpenReport } from '@sweetwish/shared/safety';
import { type ModerationActionKind, REPORT_REASON_LABELS, SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { useState } from 'react';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { LoadMore } from '../../../components/load-more';
import { RequireSignIn } from '../../../components/require-sign-in';
import { formatWishPrice } from '../../../components/wish-price';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { loadOpenReports, useModerationAction, useOpenReports } from '../api/moderation-calls';
import { ReasonDialog } from '../components/reason-dialog';
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
 * The moderation queue (/moderation; issue 21, item 5): one entry per reported target (decision 028),
 * each with the content as it was when reported, and Dismiss, Hide (a wish or a message) and Suspend
 * Account, each with a reason; below, the suspended accounts, each with Lift Suspension. The server
 * answers 404 to anyone but a moderator, and so does this screen.
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
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 2 }}>
        Moderation
      </Typography>
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
          <LoadMore list={reports} label="reports" />
        </Stack>
      )}
      {acting && <ActionDialog {...acting} onClose={() => setActing(null)} />}
      <SuspendedAccounts />
    </Box>
  );
}

function ReportCard({ report, onAct }: { report: OpenReport; onAct: (action: ModerationActionKind) => void }) {
  const kindLabel = report.kind === 'profile' ? 'Profile' : report.kind === 'wish' ? 'Wish' : 'Message';
  return (
    <Card variant="outlined" aria-label={`${kindLabel} report`}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Chip size="small" label={kindLabel} />
          <Chip size="small" color="warning" label={REPORT_REASON_LABELS[report.reason]} />
          {report.reportCount > 1 && <Chip size="small" variant="outlined" label={`${report.reportCount} reports`} />}
          <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
            {new Date(report.createdAt).toLocaleString('en-US')}
          </Typography>
        </Stack>
        {report.note && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            Note: {report.note}
          </Typography>
        )}
        <Snapshot report={report} />
        <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => onAct('dismiss')}>
            {ACTION_LABELS.dismiss}
          </Button>
          {report.kind !== 'profile' && (
            <Button variant="outlined" color="warning" onClick={() => onAct('hide')}>
              {report.kind === 'wish' ? 'Hide Wish' : 'Hide Message'}
            </Button>
          )}
          <Button variant="outlined" color="error" onClick={() => onAct('suspend')}>
            {ACTION_LABELS.suspend}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The reported content as it was when reported. */
function Snapshot({ report }: { report: OpenReport }) {
  const { profile, wish, message } = report.snapshot;
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      {profile && (
        <>
          <Typography sx={{ fontWeight: 700 }}>
            {profile.displayName ?? '(no name)'} {profile.handle && `@${profile.handle}`}
          </Typography>
          {profile.description && <Typography variant="body2">{profile.description}</Typography>}
          {profile.links.map((link) => (
            <Typography key={link} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {link}
            </Typography>
          ))}
        </>
      )}
      {wish && (
        <>
          <Typography sx={{ fontWeight: 700 }}>{wish.name}</Typography>
          <Typography variant="body2">{wish.description}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatWishPrice(wish.cost)}
            {wish.image ? ` · image ${wish.image}` : ''}
          </Typography>
        </>
      )}
      {message && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {message.type === 'image' ? `Image message (${message.imageKey ?? 'no image'})` : message.content}
        </Typography>
      )}
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
  return <ReasonDialog title={title} isPending={act.isPending} onConfirm={confirm} onClose={onClose} />;
}
