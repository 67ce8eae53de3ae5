import type { ModerationPerson } from '@sweetwish/shared/safety';

/** How moderators see someone: their name and handle, or their id when both are gone (a deleted account). */
export function personLabel(person: ModerationPerson): string {
  const label = [person.displayName, person.handle && `@${person.handle}`].filter(Boolean).join(' ');
  return label || `Account ${person.id}`;
}
