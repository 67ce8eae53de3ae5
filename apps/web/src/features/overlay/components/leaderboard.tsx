import { formatTokens } from '@sweetwish/shared/money';
import type { OverlayState } from '@sweetwish/shared/overlay';

/** Top gifters of today or of the current goal; every anonymous gift counts, as "Anonymous". */
export function Leaderboard({
  rows,
  period,
}: {
  rows: NonNullable<OverlayState['leaderboard']>;
  period: OverlayState['leaderboardPeriod'];
}) {
  return (
    <div
      data-testid="overlay-leaderboard"
      style={{
        position: 'absolute',
        top: 60,
        right: 60,
        width: 420,
        padding: '20px 24px',
        borderRadius: 24,
        background: 'rgba(24, 12, 30, 0.8)',
        color: '#fff',
      }}
    >
      <div style={{ fontSize: 30, fontWeight: 800, marginBottom: 8 }}>
        {period === 'goal' ? 'Top gifters of this goal' : 'Top gifters today'}
      </div>
      {rows.length === 0 && <div style={{ fontSize: 26, opacity: 0.7 }}>Be the first!</div>}
      <ol style={{ margin: 0, paddingLeft: 36, fontSize: 28 }}>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the place is the row's identity (two fans may share a name; the rows hold no state).
          <li key={i} style={{ display: 'flex', justifyContent: 'space-between', gap: 16 }}>
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{row.name}</span>
            <span style={{ whiteSpace: 'nowrap' }}>{formatTokens(row.amountCents)} tokens</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
