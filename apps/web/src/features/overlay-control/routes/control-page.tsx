import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ControlAction, ControlQueue, HeldMessage } from '@sweetwish/shared/gift-messages';
import { formatTokens } from '@sweetwish/shared/money';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';

/** The queue is read again this often: held messages arrive with gifts, from fans, at any time. */
const REFRESH_MS = 3_000;

const controlUrl = (secret: string) => `/api/overlay-control/${encodeURIComponent(secret)}`;

/**
 * /overlay-control/{secret}: the creator's control page beside the stream (decision 100), made to fit an OBS
 * custom dock: pause or resume alerts, skip the alert playing, replay the last, and the messages held for
 * review with Approve and Reject. The secret address is the only key: no sign-in inside OBS.
 */
export function ControlPage() {
  const { secret = '' } = useParams();
  const [queue, setQueue] = useState<ControlQueue | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await fetch(controlUrl(secret)).catch(() => undefined);
    if (!res) return setProblem('Cannot reach Sweetwish. Trying again…');
    if (res.status === 404)
      return setProblem('This control address is no longer valid. Copy the new one from your overlay settings.');
    if (!res.ok) return setProblem('Something went wrong. Trying again…');
    setProblem(null);
    setQueue((await res.json()) as ControlQueue);
  }, [secret]);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const act = async (action: ControlAction) => {
    const res = await fetch(controlUrl(secret), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(action),
    }).catch(() => undefined);
    if (res?.ok) {
      setProblem(null);
      setQueue((await res.json()) as ControlQueue);
    } else {
      const body = (await res?.json().catch(() => null)) as { error?: { message?: string } } | null;
      setProblem(body?.error?.message ?? 'Something went wrong.');
      void load();
    }
  };

  return (
    <Box component="main" sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h6" component="h1" sx={{ fontWeight: 800, mb: 1.5 }}>
        Alert Control
      </Typography>
      {problem && (
        <Typography role="alert" color="error" sx={{ mb: 1.5 }}>
          {problem}
        </Typography>
      )}
      {queue && (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => void act({ action: queue.isPaused ? 'resume' : 'pause' })}>
              {queue.isPaused ? 'Resume Alerts' : 'Pause Alerts'}
            </Button>
            <Button variant="outlined" onClick={() => void act({ action: 'skip-current' })}>
              Skip Current
            </Button>
            <Button variant="outlined" onClick={() => void act({ action: 'replay-last' })}>
              Replay Last
            </Button>
          </Stack>
          <Typography role="status" color="text.secondary">
            {queue.isPaused ? 'Alerts are paused: new ones wait until you resume.' : 'Alerts are playing.'}
          </Typography>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Held for review ({queue.held.length})
          </Typography>
          {queue.held.length === 0 && <Typography color="text.secondary">No messages are waiting.</Typography>}
          {queue.held.map((held) => (
            <HeldRow key={held.purchaseId} held={held} onAct={act} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function HeldRow({ held, onAct }: { held: HeldMessage; onAct: (action: ControlAction) => Promise<void> }) {
  return (
    <Box data-testid="held-message" sx={{ p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 700 }}>
        {held.name} · {formatTokens(held.amountCents)} tokens
      </Typography>
      {/* Text, never HTML (decision 100). */}
      <Typography sx={{ overflowWrap: 'anywhere', my: 1 }}>{held.message}</Typography>
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          variant="contained"
          onClick={() => void onAct({ action: 'approve', purchaseId: held.purchaseId })}
        >
          Approve
        </Button>
        <Button size="small" onClick={() => void onAct({ action: 'reject', purchaseId: held.purchaseId })}>
          Reject
        </Button>
      </Stack>
    </Box>
  );
}
