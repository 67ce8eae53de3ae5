import { formatTokens } from '@sweetwish/shared/money';
import { useEffect, useRef, useState } from 'react';
import { playAlertSound } from '../lib/alert-sound';
import type { QueuedAlert } from '../lib/overlay-stream';
import { type Speaking, type SpeechSettings, shouldSpeak, speakMessage } from '../lib/speech';

/** How long one alert stays on screen at least, its entrance and exit included; longer while its message is read. */
export const ALERT_MS = 6_000;
const EXIT_MS = 500;

/** The alert's entrance and exit; the overlay page puts them in a <style> once. */
export const ALERT_KEYFRAMES = `
@keyframes sw-alert-in { 0% { transform: translateY(-60px) scale(0.8); opacity: 0 } 60% { transform: translateY(8px) scale(1.04); opacity: 1 } 100% { transform: none; opacity: 1 } }
@keyframes sw-alert-out { to { transform: translateY(-30px); opacity: 0 } }
`;

/**
 * One gift or tip, shown for ALERT_MS with an entrance: the fan's name (or "Anonymous"), the amount in
 * tokens, the wish's name and picture for a gift, and the fan's message as text (decision 100), read aloud
 * when the creator turned speech on; the alert stays until the reading ends. The control page's Skip
 * (`skips` changing) ends it at once.
 */
export function AlertCard({
  alert,
  isSoundOn,
  speech,
  skips,
  onDone,
}: {
  alert: QueuedAlert;
  isSoundOn: boolean;
  speech: SpeechSettings | null;
  skips: number;
  onDone: () => void;
}) {
  // Once per alert (the card is keyed by it): later renders neither replay the sound nor restart the clock.
  const done = useRef(onDone);
  done.current = onDone;
  const atStart = useRef({ isSoundOn, speech, skips });
  const speaking = useRef<Speaking | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  useEffect(() => {
    const start = atStart.current;
    if (start.isSoundOn) playAlertSound();
    let isOver = false;
    let exit: ReturnType<typeof setTimeout> | undefined;
    const shown = new Promise((resolve) => setTimeout(resolve, ALERT_MS - EXIT_MS));
    const reading = shouldSpeak(start.speech, alert) ? speakMessage(alert.message ?? '', start.speech) : null;
    speaking.current = reading;
    void Promise.all([shown, reading?.done]).then(() => {
      if (isOver) return;
      setIsLeaving(true);
      exit = setTimeout(() => done.current(), EXIT_MS);
    });
    return () => {
      isOver = true;
      clearTimeout(exit);
      reading?.stop();
    };
  }, [alert]);
  useEffect(() => {
    if (skips === atStart.current.skips) return;
    speaking.current?.stop();
    done.current();
  }, [skips]);
  const verb = alert.kind === 'gift' ? 'gifted' : 'tipped';
  return (
    <div
      role="status"
      data-testid="overlay-alert"
      style={{
        position: 'absolute',
        top: 60,
        left: '50%',
        width: 900,
        marginLeft: -450,
        display: 'flex',
        alignItems: 'center',
        gap: 32,
        padding: '28px 40px',
        borderRadius: 32,
        background: 'rgba(24, 12, 30, 0.88)',
        border: '4px solid #f06292',
        boxShadow: '0 12px 48px rgba(240, 98, 146, 0.45)',
        color: '#fff',
        animation: isLeaving ? `sw-alert-out ${EXIT_MS}ms ease-in forwards` : 'sw-alert-in 700ms ease-out',
      }}
    >
      {alert.wish?.image && (
        <img src={alert.wish.image} alt="" style={{ width: 180, height: 135, objectFit: 'cover', borderRadius: 16 }} />
      )}
      <div style={{ minWidth: 0 }}>
        {alert.isTest && (
          <div style={{ fontSize: 28, fontWeight: 800, color: '#fff176', letterSpacing: 2 }}>TEST ALERT</div>
        )}
        <div style={{ fontSize: 56, fontWeight: 800, lineHeight: 1.1, overflowWrap: 'anywhere' }}>
          {alert.name} {verb} {formatTokens(alert.amountCents)} tokens
        </div>
        {alert.wish && (
          <div style={{ fontSize: 40, marginTop: 8, color: '#f8bbd0', overflowWrap: 'anywhere' }}>
            {alert.wish.name}
          </div>
        )}
        {alert.message && (
          // Text, never HTML: a link or markup in a fan's message shows as typed.
          <div data-testid="overlay-alert-message" style={{ fontSize: 36, marginTop: 12, overflowWrap: 'anywhere' }}>
            “{alert.message}”
          </div>
        )}
      </div>
    </div>
  );
}
