import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Me } from '@sweetwish/shared/accounts';
import type { HomeSummary } from '@sweetwish/shared/home';
import { formatDollars } from '@sweetwish/shared/money';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { shareUserLink } from '../../../lib/share';
import { useHomeSummary } from '../api/home-calls';
import { WeekBars } from './week-bars';

/** The home screen's creator and fan parts (product.md section 2, Home), from one answer. */
export function HomeDashboard({ me }: { me: Me }) {
  const { data } = useHomeSummary();
  if (!data) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 3 }}>
      {data.isCreator && <CreatorPart me={me} home={data} />}
      <FanPart home={data} />
    </Box>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `home-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, borderRadius: 3 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function CreatorPart({ me, home }: { me: Me; home: HomeSummary }) {
  const { checklist, week } = home;
  const steps = [
    { done: checklist.hasPhoto, label: 'Add a photo', to: '/profile/photo' },
    { done: checklist.hasBanner, label: 'Add a banner', to: '/profile/banner' },
    { done: checklist.hasWish, label: 'Create your first wish', to: '/create' },
    { done: checklist.hasPayouts, label: 'Set up payouts', to: '/balance' },
    { done: checklist.isLinkShared, label: 'Share your link', to: '' },
  ];
  const isSetUp = steps.every((s) => s.done);
  return (
    <>
      <Button variant="contained" size="large" onClick={() => void shareUserLink('profile', me.handle)}>
        Share My Profile Link
      </Button>
      {!isSetUp && (
        <Card title="Get set up">
          <List dense aria-label="Setup checklist">
            {steps.map((s) => (
              <ListItem key={s.label} disableGutters>
                <ListItemText
                  primary={s.done ? `✓ ${s.label}` : s.to ? <Link to={s.to}>{s.label}</Link> : s.label}
                  secondary={s.done ? 'Done' : 'To do'}
                />
              </ListItem>
            ))}
          </List>
        </Card>
      )}
      <Card title="This week">
        <Typography sx={{ fontWeight: 800, fontSize: 24 }}>{formatDollars(week.thisWeekCents)}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Last week {formatDollars(week.lastWeekCents)}
        </Typography>
        <WeekBars days={week.days} />
        <Button component={Link} to="/insights" sx={{ mt: 1 }}>
          See Insights
        </Button>
      </Card>
      <Card title="Latest supporters">
        {home.latestReceived.length === 0 ? (
          <Typography color="text.secondary">No gifts yet.</Typography>
        ) : (
          <List dense>
            {home.latestReceived.map((r) => (
              <ListItem key={r.id} disableGutters secondaryAction={formatDollars(r.costCents)}>
                <ListItemText primary={r.buyer?.displayName ?? 'Anonymous'} secondary={r.product?.name ?? 'Tip'} />
              </ListItem>
            ))}
          </List>
        )}
        <Button component={Link} to="/conversations">
          {home.unreadConversations === 1
            ? '1 unread conversation'
            : `${home.unreadConversations} unread conversations`}
        </Button>
      </Card>
    </>
  );
}

function FanPart({ home }: { home: HomeSummary }) {
  return (
    <>
      <Card title="Your balance">
        <Typography sx={{ fontWeight: 800, fontSize: 24 }}>{formatDollars(home.balanceCents)}</Typography>
        <Button component={Link} to="/balance" variant="outlined" sx={{ mt: 1 }}>
          Add Tokens
        </Button>
      </Card>
      {home.recentPurchases.length > 0 && (
        <Card title="Your recent gifts">
          <List dense>
            {home.recentPurchases.map((p) => (
              <ListItem key={p.id} disableGutters secondaryAction={formatDollars(p.costCents)}>
                <ListItemText primary={p.product?.name ?? 'Tip'} secondary={`to ${p.seller.displayName}`} />
              </ListItem>
            ))}
          </List>
        </Card>
      )}
      {home.supportedCreators.length > 0 && (
        <Card title="Creators you support">
          <List dense>
            {home.supportedCreators.map((c) => (
              <ListItem key={c.id} disableGutters>
                <ListItemText primary={<Link to={`/${encodeURIComponent(c.handle)}`}>{c.displayName}</Link>} />
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </>
  );
}
