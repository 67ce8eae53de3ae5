import { formatTokens } from '@sweetwish/shared/money';
import type { OverlayState } from '@sweetwish/shared/overlay';

type Goal = NonNullable<OverlayState['goal']>;

/**
 * The goal: what it is for, and a bar filling from the gifts since it started. It stops at the goal: gifts
 * past it read "50 / 50 tokens", never "655 / 50".
 */
export function GoalBar({ goal }: { goal: Goal }) {
  const shownCents = Math.min(goal.progressCents, goal.targetCents);
  const share = shownCents / goal.targetCents;
  const isReached = goal.reachedAt !== null;
  return (
    <div
      data-testid="overlay-goal"
      style={{
        position: 'absolute',
        left: 60,
        right: 60,
        bottom: 50,
        padding: '20px 28px',
        borderRadius: 24,
        background: 'rgba(24, 12, 30, 0.8)',
        color: '#fff',
        display: 'flex',
        alignItems: 'center',
        gap: 24,
      }}
    >
      {goal.image && (
        <img src={goal.image} alt="" style={{ width: 96, height: 72, objectFit: 'cover', borderRadius: 12 }} />
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 34, fontWeight: 700 }}>
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {isReached ? 'Goal reached!' : `Goal: ${goal.name ?? `${formatTokens(goal.targetCents)} tokens`}`}
          </span>
          <span data-testid="overlay-goal-progress">
            {formatTokens(shownCents)} / {formatTokens(goal.targetCents)} tokens
          </span>
        </div>
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={goal.targetCents}
          aria-valuenow={shownCents}
          style={{
            marginTop: 12,
            height: 28,
            borderRadius: 14,
            background: 'rgba(255,255,255,0.18)',
            overflow: 'hidden',
          }}
        >
          <div
            style={{
              width: `${share * 100}%`,
              height: '100%',
              borderRadius: 14,
              background: isReached
                ? 'linear-gradient(90deg, #fff176, #f06292)'
                : 'linear-gradient(90deg, #ce93d8, #f06292)',
              transition: 'width 800ms ease-out',
            }}
          />
        </div>
      </div>
    </div>
  );
}
