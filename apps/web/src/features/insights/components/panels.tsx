import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Insights } from '@sweetwish/shared/insights';
import { UserAvatar } from '../../../components/user-avatar';
import { ChartFigure } from './chart-figure';
import { dollars } from './labels';

/** Top named supporters, new versus returning, and the average gift. */
export function SupportersPanel({ insights }: { insights: Insights }) {
  const { supporters } = insights;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="supporters-title" sx={{ p: 2, borderRadius: 3 }}>
      <Typography id="supporters-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Supporters
      </Typography>
      <Typography color="text.secondary" variant="body2">
        {supporters.count} supporters: {supporters.newCount} new, {supporters.returningCount} returning. Average gift{' '}
        {dollars(supporters.averageGiftCents)}.
      </Typography>
      {supporters.top.length === 0 ? (
        <Typography sx={{ mt: 1 }}>No named supporters in this range yet.</Typography>
      ) : (
        <List aria-label="Top supporters" dense>
          {supporters.top.map((s) => (
            <ListItem key={s.person.id} disableGutters secondaryAction={<strong>{dollars(s.cents)}</strong>}>
              <ListItemAvatar>
                <UserAvatar photoUrl={s.person.photoUrl} name={s.person.displayName} size={36} />
              </ListItemAvatar>
              <ListItemText primary={s.person.displayName} secondary={`${s.gifts} gifts`} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** Views, purchases and conversion per wish, and the most viewed wishes nobody bought yet. */
export function WishesPanel({ insights }: { insights: Insights }) {
  return (
    <>
      <ChartFigure
        title="What converts"
        summary={`${insights.wishes.length} wishes viewed or bought in this range.`}
        table={{
          columns: ['Wish', 'Views', 'Purchases', 'Conversion'],
          rows: insights.wishes.map((w) => [
            w.wish.name,
            w.views,
            w.purchases,
            w.conversionPercent === null ? '—' : `${w.conversionPercent}%`,
          ]),
        }}
      >
        <List dense>
          {insights.wishes.map((w) => (
            <ListItem key={w.wish.id} disableGutters>
              <ListItemText
                primary={w.wish.name}
                secondary={`${w.views} views · ${w.purchases} purchases${w.conversionPercent === null ? '' : ` · ${w.conversionPercent}%`}`}
              />
            </ListItem>
          ))}
        </List>
      </ChartFigure>
      {insights.unbought.length > 0 && (
        <Paper variant="outlined" component="section" aria-labelledby="unbought-title" sx={{ p: 2, borderRadius: 3 }}>
          <Typography id="unbought-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            Viewed, not bought yet
          </Typography>
          <List dense>
            {insights.unbought.map((w) => (
              <ListItem key={w.wish.id} disableGutters secondaryAction={`${w.views} views`}>
                <ListItemText primary={w.wish.name} />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
    </>
  );
}
