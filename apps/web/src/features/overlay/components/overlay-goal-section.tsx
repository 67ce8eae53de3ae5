import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatTokens } from '@sweetwish/shared/money';
import { GOAL_TITLE_MAX, GoalTitle, OVERLAY_MAX_TOKENS, type OverlaySettings } from '@sweetwish/shared/overlay';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { wishListOptions } from '../../../components/profiles/profile-queries';
import { notify } from '../../../lib/notification-store';
import { useMe } from '../../../lib/session';
import { useStartGoal, useStopGoal } from '../api/overlay-calls';
import { Section, saveFailed, withoutCommas } from './settings-section';

/** "New microphone (50 tokens)" for a wish or a titled target; "50 tokens" alone, said once, for an untitled one. */
function goalLabel(goal: { name: string | null; targetCents: number }): string {
  const target = `${formatTokens(goal.targetCents)} tokens`;
  return goal.name === null ? target : `${goal.name} (${target})`;
}

export function GoalSection({ settings }: { settings: OverlaySettings }) {
  const { me } = useMe();
  const wishes = useQuery({ ...wishListOptions(me?.id ?? ''), enabled: Boolean(me?.id) });
  const start = useStartGoal();
  const stop = useStopGoal();
  const [kind, setKind] = useState<'wish' | 'tokens'>('tokens');
  const [wishId, setWishId] = useState('');
  const [tokens, setTokens] = useState('100');
  const [title, setTitle] = useState('');
  const goal = settings.goal;
  const tokenCount = Number(tokens);
  const isTokensValid = /^\d+$/.test(tokens) && tokenCount >= 1 && tokenCount <= OVERLAY_MAX_TOKENS;
  const titleCheck = GoalTitle.safeParse(title);
  const canStart = kind === 'wish' ? wishId !== '' : isTokensValid && titleCheck.success;
  const startGoal = () =>
    start.mutate(kind === 'wish' ? { wishId } : { tokens: tokenCount, title: titleCheck.data }, {
      onSuccess: () => notify('Goal started'),
      onError: saveFailed,
    });
  return (
    <Section title="Goal">
      {goal ? (
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          Current goal: {goalLabel(goal)}, started {new Date(goal.startedAt).toLocaleString()}
          {goal.reachedAt ? `, reached ${new Date(goal.reachedAt).toLocaleString()}` : ''}.
        </Typography>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No goal. Starting one counts gifts and tips from now on.
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          select
          label="Goal type"
          value={kind}
          onChange={(e) => setKind(e.target.value as 'wish' | 'tokens')}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="tokens">Token target</MenuItem>
          <MenuItem value="wish">A wish</MenuItem>
        </TextField>
        {kind === 'wish' ? (
          <TextField
            select
            label="Wish"
            value={wishId}
            onChange={(e) => setWishId(e.target.value)}
            sx={{ minWidth: 260 }}
            helperText={wishes.data?.length === 0 ? 'You have no wishes yet.' : 'Its price is the target.'}
          >
            {(wishes.data ?? []).map((wish) => (
              <MenuItem key={wish.id} value={wish.id}>
                {wish.name} ({wish.cost} tokens)
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <>
            <TextField
              label="Target (tokens)"
              value={tokens}
              onChange={(e) => setTokens(withoutCommas(e.target.value))}
              error={!isTokensValid}
              helperText={isTokensValid ? ' ' : 'Whole tokens, 1 to 999,999'}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label="Title (optional)"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              error={!titleCheck.success}
              helperText={titleCheck.error?.issues[0]?.message ?? 'Shown on the goal bar, e.g. "New microphone".'}
              slotProps={{ htmlInput: { maxLength: GOAL_TITLE_MAX } }}
              sx={{ minWidth: 240, flex: 1 }}
            />
          </>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, mt: 1 }}>
        <Button variant="contained" onClick={startGoal} disabled={!canStart || start.isPending}>
          {goal ? 'Start a new goal' : 'Start goal'}
        </Button>
        {goal && (
          <Button color="inherit" variant="outlined" onClick={() => stop.mutate(undefined, { onError: saveFailed })}>
            End goal
          </Button>
        )}
      </Box>
    </Section>
  );
}
