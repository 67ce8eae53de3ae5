import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatTokens } from '@sweetwish/shared/money';
import { OVERLAY_MAX_TOKENS, type OverlaySettings } from '@sweetwish/shared/overlay';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { AppTopBar } from '../../../components/app-top-bar';
import { notify } from '../../../components/notification-store';
import { RequireSignIn } from '../../../components/require-sign-in';
import { ApiError } from '../../../lib/api-client';
import { wishListOptions } from '../../../lib/profiles';
import { queryClient } from '../../../lib/query-client';
import { loadSignedInQueries } from '../../../lib/route-loader';
import { meOptions, useMe } from '../../../lib/session';
import {
  overlaySettingsOptions,
  sendTestAlert,
  useOverlaySettings,
  useRegenerateOverlayUrl,
  useStartGoal,
  useStopGoal,
  useUpdateOverlaySettings,
} from '../api/overlay-calls';
import { MessageSettings } from '../components/message-settings';

/** The settings and the creator's wishes (to pick a goal from) load together. */
export async function overlaySettingsLoader() {
  const me = await queryClient.ensureQueryData(meOptions).catch(() => null);
  return me ? loadSignedInQueries(overlaySettingsOptions, wishListOptions(me.id)) : null;
}

const failed = (err: unknown) => notify(err instanceof ApiError ? err.message : 'Could not save. Try again.');

/**
 * /settings/overlay: the creator's stream overlay (decision 031): its secret URL (copy, regenerate), what
 * it shows, the goal, a test alert, and a live preview of the overlay itself.
 */
export function OverlaySettingsPage() {
  return (
    <>
      <AppTopBar hasBack />
      <RequireSignIn requireCompleteProfile>
        <Box component="main" sx={{ maxWidth: 720, mx: 'auto', px: 2.5, pt: { xs: 3, sm: 5 }, pb: 8 }}>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 800, letterSpacing: '-0.02em', mb: 1 }}>
            Stream overlay
          </Typography>
          <Typography color="text.secondary">
            Show gifts and tips on your stream: add this page to OBS or Streamlabs as a browser source, 1920 x 1080.
          </Typography>
          <OverlaySettingsForm />
        </Box>
      </RequireSignIn>
    </>
  );
}

function OverlaySettingsForm() {
  const settings = useOverlaySettings();
  if (settings.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading overlay settings" />
      </Box>
    );
  }
  if (settings.isError) {
    return (
      <Typography color="error" sx={{ py: 2 }}>
        Something went wrong. Your overlay settings could not be loaded.
      </Typography>
    );
  }
  return (
    <>
      <UrlSection settings={settings.data} />
      <ShowSection settings={settings.data} />
      <GoalSection settings={settings.data} />
      <MessageSettings />
      <PreviewSection settings={settings.data} />
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Divider sx={{ mt: 1, mb: 2 }} />
      {children}
    </Box>
  );
}

const overlayUrl = (secret: string) => `${window.location.origin}/overlay/${secret}`;

function UrlSection({ settings }: { settings: OverlaySettings }) {
  const regenerate = useRegenerateOverlayUrl();
  const [isConfirming, setIsConfirming] = useState(false);
  const url = overlayUrl(settings.secret);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify('Overlay URL copied');
    } catch {
      notify('Could not copy. Select the URL and copy it.');
    }
  };
  return (
    <Section title="Overlay URL">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Keep it secret: anyone with this URL sees your overlay. Regenerate it if it leaked; the old one stops at once.
      </Typography>
      <TextField
        label="Overlay URL"
        value={url}
        fullWidth
        type="password"
        slotProps={{ htmlInput: { readOnly: true, 'aria-readonly': true } }}
      />
      <Box sx={{ display: 'flex', gap: 1.5, mt: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void copy()}>
          Copy URL
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => setIsConfirming(true)}
          disabled={regenerate.isPending}
        >
          Regenerate URL
        </Button>
        <Button
          variant="outlined"
          color="inherit"
          onClick={() => void sendTestAlert().then(() => notify('Test alert sent'), failed)}
        >
          Send test alert
        </Button>
      </Box>
      <Dialog open={isConfirming} onClose={() => setIsConfirming(false)}>
        <DialogTitle>Regenerate the overlay URL?</DialogTitle>
        <DialogContent>
          The current URL stops working at once, in OBS too. Paste the new one into your browser source.
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setIsConfirming(false)}>
            Cancel
          </Button>
          <Button
            color="error"
            onClick={() => {
              setIsConfirming(false);
              regenerate.mutate(undefined, { onSuccess: () => notify('New overlay URL made'), onError: failed });
            }}
          >
            Regenerate
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

function Toggle({ label, isOn, onChange }: { label: string; isOn: boolean; onChange: (isOn: boolean) => void }) {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', py: 0.5 }}>
      <Typography id={id}>{label}</Typography>
      <Switch
        checked={isOn}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { 'aria-labelledby': id } }}
      />
    </Box>
  );
}

function ShowSection({ settings }: { settings: OverlaySettings }) {
  const update = useUpdateOverlaySettings();
  const [minTokens, setMinTokens] = useState(String(settings.minTokens));
  const change = (input: Parameters<typeof update.mutate>[0]) => update.mutate(input, { onError: failed });
  const minimum = Number(minTokens);
  const isMinimumValid = /^\d+$/.test(minTokens) && minimum <= OVERLAY_MAX_TOKENS;
  return (
    <Section title="What the overlay shows">
      <Toggle label="Gift and tip alerts" isOn={settings.showAlerts} onChange={(v) => change({ showAlerts: v })} />
      <Toggle label="Alert sound" isOn={settings.isSoundOn} onChange={(v) => change({ isSoundOn: v })} />
      <Toggle label="Goal bar" isOn={settings.showGoal} onChange={(v) => change({ showGoal: v })} />
      <Toggle label="Leaderboard" isOn={settings.showLeaderboard} onChange={(v) => change({ showLeaderboard: v })} />
      <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <TextField
          label="Minimum amount (tokens)"
          value={minTokens}
          onChange={(e) => setMinTokens(withoutCommas(e.target.value))}
          onBlur={() => {
            if (isMinimumValid && minimum !== settings.minTokens) change({ minTokens: minimum });
          }}
          error={!isMinimumValid}
          helperText={isMinimumValid ? 'Smaller gifts and tips show no alert.' : 'Whole tokens, 0 to 999,999'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          select
          label="Leaderboard period"
          value={settings.leaderboardPeriod}
          onChange={(e) => change({ leaderboardPeriod: e.target.value as OverlaySettings['leaderboardPeriod'] })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="today">Today (UTC)</MenuItem>
          <MenuItem value="goal">Current goal</MenuItem>
        </TextField>
      </Box>
    </Section>
  );
}

function GoalSection({ settings }: { settings: OverlaySettings }) {
  const { me } = useMe();
  const wishes = useQuery({ ...wishListOptions(me?.id ?? ''), enabled: Boolean(me?.id) });
  const start = useStartGoal();
  const stop = useStopGoal();
  const [kind, setKind] = useState<'wish' | 'tokens'>('tokens');
  const [wishId, setWishId] = useState('');
  const [tokens, setTokens] = useState('100');
  const goal = settings.goal;
  const tokenCount = Number(tokens);
  const isTokensValid = /^\d+$/.test(tokens) && tokenCount >= 1 && tokenCount <= OVERLAY_MAX_TOKENS;
  const canStart = kind === 'wish' ? wishId !== '' : isTokensValid;
  const startGoal = () =>
    start.mutate(kind === 'wish' ? { wishId } : { tokens: tokenCount }, {
      onSuccess: () => notify('Goal started'),
      onError: failed,
    });
  return (
    <Section title="Goal">
      {goal ? (
        <Typography sx={{ mb: 2 }}>
          Current goal: {goal.name ?? `${formatTokens(goal.targetCents)} tokens`} ({formatTokens(goal.targetCents)}{' '}
          tokens), started {new Date(goal.startedAt).toLocaleString()}
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
          <TextField
            label="Target (tokens)"
            value={tokens}
            onChange={(e) => setTokens(withoutCommas(e.target.value))}
            error={!isTokensValid}
            helperText={isTokensValid ? ' ' : 'Whole tokens, 1 to 999,999'}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, mt: 1 }}>
        <Button variant="contained" onClick={startGoal} disabled={!canStart || start.isPending}>
          {goal ? 'Start a new goal' : 'Start goal'}
        </Button>
        {goal && (
          <Button color="inherit" variant="outlined" onClick={() => stop.mutate(undefined, { onError: failed })}>
            End goal
          </Button>
        )}
      </Box>
    </Section>
  );
}

/** The overlay itself, live, in a 16:9 frame scaled to the screen, over a checkerboard showing what is transparent. */
function PreviewSection({ settings }: { settings: OverlaySettings }) {
  return (
    <Section title="Preview">
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '16 / 9',
          borderRadius: 2,
          overflow: 'hidden',
          backgroundColor: '#333',
          backgroundImage:
            'linear-gradient(45deg, #444 25%, transparent 25%), linear-gradient(-45deg, #444 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #444 75%), linear-gradient(-45deg, transparent 75%, #444 75%)',
          backgroundSize: '32px 32px',
          backgroundPosition: '0 0, 0 16px, 16px -16px, -16px 0',
        }}
      >
        <iframe
          // A new secret is a new page: the old one's stream has ended.
          key={settings.secret}
          title="Overlay preview"
          src={`/overlay/${settings.secret}`}
          style={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            border: 0,
            background: 'transparent',
          }}
        />
      </Box>
    </Section>
  );
}

/** Token amounts may be typed with thousands separators: they are dropped as typed. */
function withoutCommas(text: string): string {
  return text.replace(/,/g, '');
}
