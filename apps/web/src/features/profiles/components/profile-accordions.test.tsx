import type { PublicProfile } from '@sweetwish/shared/profiles';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileAccordions } from './profile-accordions';

const profile = { links: [], description: '' } as unknown as PublicProfile;

describe('the profile accordions', () => {
  afterEach(cleanup);

  it('are second-level headings under the profile name, with no heading nested in another', () => {
    const { container } = render(
      <MemoryRouter>
        <ProfileAccordions profile={profile} isOwner={false} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading').map((h) => [h.tagName, h.textContent])).toEqual([
      ['H2', 'Links'],
      ['H2', 'About'],
    ]);
    // Lighthouse's heading-order audit: an <h3> right under the page's <h1> skips a level.
    expect(container.querySelectorAll('h3, h4, h5, h6, h2 h2')).toHaveLength(0);
  });

  it("give each element its own id, and each button controls its section's region", () => {
    const { container } = render(
      <MemoryRouter>
        <ProfileAccordions profile={profile} isOwner={false} />
      </MemoryRouter>,
    );
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    for (const button of screen.getAllByRole('button')) {
      const region = container.querySelector(`#${button.getAttribute('aria-controls')}`);
      expect(region?.getAttribute('role')).toBe('region');
      expect(region?.getAttribute('aria-labelledby')).toBe(button.id);
    }
  });
});
