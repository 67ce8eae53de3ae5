import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@sweetwish/shared/safety';
import { SAFETY_MESSAGES } from '@sweetwish/shared/safety-rules';
import { Link } from 'react-router';
import { AppTopBar } from '../../../components/app-top-bar';
import { CenteredMessage } from '../../../components/centered-message';
import { LoadMore } from '../../../components/load-more';
import { RequireSignIn } from '../../../components/require-sign-in';
import { ApiError } from '../../../lib/api-client';
import { hasListFailed, itemsOf } from '../../../lib/paged-list';
import { loadAuditLog, useAuditLog } from '../api/moderation-calls';
import { PersonRow } from '../components/report-card';

export function auditLogLoader() {
  return loadAuditLog();
}

/** What a row of the log did, in words. */
function actionLabel(entry: AuditEntry): string {
  if (entry.action === 'dismiss') return `Dismissed a ${entry.kind} report`;
  if (entry.action === 'hide') return `Hid a ${entry.kind}`;
  if (entry.action === 'suspend') return 'Suspended an account';
  return 'Lifted a suspension';
}

/**
 * The moderators' audit log (/moderation/audit; issue 53, item 2): every moderator action, newest first,
 * with who did it, what to whose content, when and why, page by page. Moderators only: the server answers
 * 404 to anyone else, and so does this screen.
 */
export function AuditLogPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn>
        <AuditLog />
      </RequireSignIn>
    </>
  );
}

function AuditLog() {
  const log = useAuditLog();
  const rows = itemsOf(log.data);
  if (log.error instanceof ApiError && log.error.status === 404) {
    return <CenteredMessage title="There's Nothing Here." />;
  }
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 2 }}>
        Audit Log
      </Typography>
      {log.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the audit log" />
        </Box>
      ) : hasListFailed(log) ? (
        <Typography color="error">Something went wrong.</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">{SAFETY_MESSAGES.noAuditEntries}</Typography>
      ) : (
        <Stack spacing={2} component="ul" aria-label="Moderator actions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {rows.map((entry) => (
            <Box component="li" key={entry.id}>
              <AuditRow entry={entry} />
            </Box>
          ))}
        </Stack>
      )}
      <LoadMore list={log} label="Loading more of the audit log" />
    </Box>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1.5, mb: 1 }}>
          <Typography sx={{ fontWeight: 700, flex: 1 }}>{actionLabel(entry)}</Typography>
          <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.createdAt}>
            {new Date(entry.createdAt).toLocaleString('en-US')}
          </Typography>
        </Stack>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}>
          <PersonRow term="By" person={entry.moderator} />
          <PersonRow term="Owner" person={entry.owner} />
          {entry.contentSummary && (
            <>
              <Typography component="dt" variant="body2" color="text.secondary">
                Content
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                {entry.contentPath ? (
                  <MuiLink component={Link} to={entry.contentPath}>
                    {entry.contentSummary}
                  </MuiLink>
                ) : (
                  entry.contentSummary
                )}
              </Typography>
            </>
          )}
          <Typography component="dt" variant="body2" color="text.secondary">
            Reason
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {entry.reason}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
