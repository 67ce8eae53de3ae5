import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ModerationPerson, OpenReport } from '@sweetwish/shared/safety';
import { type ModerationActionKind, REPORT_REASON_LABELS } from '@sweetwish/shared/safety-rules';
import { Link } from 'react-router';
import { formatWishPrice } from '../../../components/wish-price';
import { personLabel } from '../lib/person-label';

const KIND_LABELS: Record<OpenReport['kind'], string> = { profile: 'Profile', wish: 'Wish', message: 'Message' };

/**
 * One entry of the moderation queue (issue 53, item 2): a reported target with every open report of it
 * merged (how many, and their reasons), who filed the first, whose content it is, the content as it was
 * reported and a link to it where it is; then the actions.
 */
export function ReportCard({ report, onAct }: { report: OpenReport; onAct: (action: ModerationActionKind) => void }) {
  const kindLabel = KIND_LABELS[report.kind];
  return (
    <Card variant="outlined" aria-label={`${kindLabel} report`}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
          <Chip size="small" label={kindLabel} />
          {report.reasons.map(({ reason, count }) => (
            <Chip
              key={reason}
              size="small"
              color="warning"
              label={count > 1 ? `${REPORT_REASON_LABELS[reason]} × ${count}` : REPORT_REASON_LABELS[reason]}
            />
          ))}
          {report.reportCount > 1 && <Chip size="small" variant="outlined" label={`${report.reportCount} reports`} />}
          <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
            {new Date(report.createdAt).toLocaleString('en-US')}
          </Typography>
        </Stack>
        <Box component="dl" sx={{ m: 0, mb: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}>
          <PersonRow term="Owner" person={report.owner} />
          <PersonRow term={report.reportCount > 1 ? 'First reported by' : 'Reported by'} person={report.reporter} />
        </Box>
        {report.note && (
          <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            Note: {report.note}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          As reported
        </Typography>
        <Snapshot report={report} />
        {report.contentPath ? (
          <MuiLink component={Link} to={report.contentPath} variant="body2" sx={{ display: 'inline-block', mt: 1 }}>
            Open the {report.kind} as it is now
          </MuiLink>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Messages are private to their conversation: this copy is what was reported.
          </Typography>
        )}
        <Stack direction="row" sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button variant="outlined" onClick={() => onAct('dismiss')}>
            Dismiss
          </Button>
          {report.kind !== 'profile' && (
            <Button variant="outlined" color="warning" onClick={() => onAct('hide')}>
              {report.kind === 'wish' ? 'Hide Wish' : 'Hide Message'}
            </Button>
          )}
          <Button variant="outlined" color="error" onClick={() => onAct('suspend')}>
            Suspend Account
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A term and a person, linked to their page when they have one. */
export function PersonRow({ term, person }: { term: string; person: ModerationPerson }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {person.handle ? (
          <MuiLink component={Link} to={`/${encodeURIComponent(person.handle)}`}>
            {personLabel(person)}
          </MuiLink>
        ) : (
          personLabel(person)
        )}
      </Typography>
    </>
  );
}

/** The reported content as it was when reported. */
function Snapshot({ report }: { report: OpenReport }) {
  const { profile, wish, message } = report.snapshot;
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', overflowWrap: 'anywhere' }}>
      {profile && (
        <>
          <Typography sx={{ fontWeight: 700 }}>
            {profile.displayName ?? '(no name)'} {profile.handle && `@${profile.handle}`}
          </Typography>
          {profile.description && <Typography variant="body2">{profile.description}</Typography>}
          {profile.links.map((link) => (
            <Typography key={link} variant="body2" color="text.secondary">
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
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {message.type === 'image' ? `Image message (${message.imageKey ?? 'no image'})` : message.content}
        </Typography>
      )}
    </Box>
  );
}
