import type { OverlayState } from '@sweetwish/shared/overlay';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useLoaderData, useParams } from 'react-router';
import { launchConfetti } from '../../../lib/confetti';
import { ALERT_KEYFRAMES, AlertCard } from '../components/alert-card';
import { GoalBar } from '../components/goal-bar';
import { Leaderboard } from '../components/leaderboard';
import { useOverlayStream } from '../lib/overlay-stream';
import { reportShown } from '../lib/report-shown';

/** The overlay is laid out for a 1920x1080 browser source and scaled to whatever size it is given. */
const STAGE = { width: 1920, height: 1080 };

type OverlayLoaderData = { state: OverlayState | null };

/** Whether the secret opens an overlay, and what it shows now: the page starts with it (decision 025). */
export async function overlayLoader({ params }: LoaderFunctionArgs): Promise<OverlayLoaderData> {
  const res = await fetch(`/api/overlay/${encodeURIComponent(params.secret ?? '')}/state`);
  if (res.status === 404) return { state: null };
  if (!res.ok) throw new Response('The overlay could not load', { status: res.status });
  return { state: (await res.json()) as OverlayState };
}

/** Transparent page for OBS and Streamlabs: no app background, no scroll bars. */
function useTransparentPage() {
  useLayoutEffect(() => {
    const targets = [document.documentElement, document.body];
    const before = targets.map((el) => [el.style.background, el.style.overflow] as const);
    for (const el of targets) {
      el.style.background = 'transparent';
      el.style.overflow = 'hidden';
    }
    return () => {
      targets.forEach((el, i) => {
        el.style.background = before[i]?.[0] ?? '';
        el.style.overflow = before[i]?.[1] ?? '';
      });
    };
  }, []);
}

function useStageScale() {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const fit = () => setScale(Math.min(window.innerWidth / STAGE.width, window.innerHeight / STAGE.height));
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return scale;
}

/** Confetti when the goal becomes reached while the overlay is open (not for a goal reached before). */
function useGoalCelebration(reachedAt: string | null | undefined) {
  const seen = useRef(reachedAt);
  useEffect(() => {
    if (reachedAt && reachedAt !== seen.current) launchConfetti();
    seen.current = reachedAt;
  }, [reachedAt]);
}

/**
 * /overlay/{secret}: the creator's stream overlay (decision 031). Alerts one at a time in arrival order,
 * the goal bar and the leaderboard, as the creator chose; no app chrome.
 */
export function OverlayPage() {
  const { secret = '' } = useParams();
  const { state: initial } = useLoaderData() as OverlayLoaderData;
  useTransparentPage();
  const scale = useStageScale();
  const { state, alert, shift, isRevoked, skips } = useOverlayStream(secret, initial);
  // Paused from the control page (decision 100): the alert on screen ends, the next ones wait in the queue.
  const [playingKey, setPlayingKey] = useState<string | null>(null);
  const canShow = alert !== undefined && (!state?.isPaused || playingKey === alert.key);
  useEffect(() => {
    if (!canShow || !alert || playingKey === alert.key) return;
    setPlayingKey(alert.key);
    void reportShown(secret, alert);
  }, [canShow, alert, playingKey, secret]);
  useGoalCelebration(state?.goal?.reachedAt);
  // Alerts turned off: what was waiting is dropped rather than shown, stale, when they are turned on again.
  const isShowingAlerts = state?.showAlerts ?? false;
  useEffect(() => {
    if (!isShowingAlerts && alert) shift();
  }, [isShowingAlerts, alert, shift]);

  return (
    <div
      style={{
        position: 'fixed',
        left: 0,
        top: 0,
        width: STAGE.width,
        height: STAGE.height,
        transform: `scale(${scale})`,
        transformOrigin: '0 0',
        fontFamily: '"Inter", "Segoe UI", system-ui, sans-serif',
        textShadow: '0 2px 6px rgba(0,0,0,0.6)',
      }}
    >
      <style>{ALERT_KEYFRAMES}</style>
      {isRevoked && (
        <div style={{ position: 'absolute', top: 40, left: 40, fontSize: 32, color: '#fff' }}>
          This overlay address is no longer valid. Copy the new one from your overlay settings.
        </div>
      )}
      {!isRevoked && state?.showAlerts && alert && canShow && (
        <AlertCard
          key={alert.key}
          alert={alert}
          isSoundOn={state.isSoundOn}
          speech={state.speech}
          skips={skips}
          onDone={shift}
        />
      )}
      {!isRevoked && state?.leaderboard && <Leaderboard rows={state.leaderboard} period={state.leaderboardPeriod} />}
      {!isRevoked && state?.goal && <GoalBar goal={state.goal} />}
    </div>
  );
}
