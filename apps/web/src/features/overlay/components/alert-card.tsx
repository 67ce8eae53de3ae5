import { formatTokens } from '@sweetwish/shared/money';
import { useEffect, useRef } from 'react';
import { playAlertSound } from '../lib/alert-sound';
import type { QueuedAlert } from '../lib/overlay-stream';

/** How long one alert stays on screen, its entrance and exit included. */
export const ALERT_MS = 6_000;

/** The alert's entrance and exit; the overlay page puts them in a <style> once. */
export const ALERT_KEYFRAMES = `
@keyframes sw-alert-in { 0% { transform: translateY(-60px) scale(0.8); opacity: 0 } 60% { transform: translateY(8px) scale(1.04); opacity: 1 } 100% { transform: none; opacity: 1 } }
@keyframes sw-alert-out { to { transform: translateY(-30px); opacity: 0 } }
`;

/**
 * One gift or tip, shown for ALERT_MS with an entrance: the fan's name (or "Anonymous"), the amount in
 * tokens, the wish's name and picture for a gift. Gifts and tips carry no message in the data model, so
 * none is shown (decision 031).
 */
export function AlertCard({
  alert,
  isSoundOn,
  onDone,
}: {
  alert: QueuedAlert;
  isSoundOn: boolean;
  onDone: () => void;
}) {
  // Once per alert (the card is keyed by it): later renders neither replay the sound nor restart the clock.
  const done = useRef(onDone);
  done.current = onDone;
  const isSoundOnAtStart = useRef(isSoundOn);
  useEffect(() => {
    if (isSoundOnAtStart.current) playAlertSound();
    const timer = setTimeout(() => done.current(), ALERT_MS);
    return () => clearTimeout(timer);
  }, []);
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
        animation: `sw-alert-in 700ms ease-out, sw-alert-out 500ms ease-in ${ALERT_MS - 500}ms forwards`,
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
      </div>
    </div>
  );
}
