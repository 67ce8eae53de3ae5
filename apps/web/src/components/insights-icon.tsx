import { StrokeIcon } from './stroke-icon';

/** A bar chart: the way to a creator's insights from the side menu and the home screen. Decorative. */
export function InsightsIcon() {
  return (
    <StrokeIcon>
      <path d="M4 20h16" />
      <path d="M7 16v-5" />
      <path d="M12 16V6" />
      <path d="M17 16v-8" />
    </StrokeIcon>
  );
}
