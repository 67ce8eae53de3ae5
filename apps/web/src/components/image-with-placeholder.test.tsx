import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHydrated } from '../test-support/render-hydrated';
import { ImageWithPlaceholder } from './image-with-placeholder';

const image = () => screen.getByRole('img', { name: 'Telescope' });
const placeholder = (container: HTMLElement) => container.querySelector('.MuiSkeleton-root');

describe('a picture over its placeholder', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is never hidden, and drops the placeholder once loaded', () => {
    const { container } = render(<ImageWithPlaceholder src="/t.webp" alt="Telescope" blurhash={null} ratio={4 / 3} />);
    expect(getComputedStyle(image()).opacity).not.toBe('0');
    expect(placeholder(container)).not.toBeNull();
    fireEvent.load(image());
    expect(placeholder(container)).toBeNull();
  });

  it('on a page the server rendered, counts a picture that loaded before hydration as loaded', async () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    const { container, hydrationErrors } = renderHydrated(
      <div style={{ position: 'relative' }}>
        <ImageWithPlaceholder src="/t.webp" alt="Telescope" blurhash={null} ratio={4 / 3} />
      </div>,
      {},
    );
    await waitFor(() => expect(placeholder(container)).toBeNull());
    expect(getComputedStyle(image()).opacity).not.toBe('0');
    expect(hydrationErrors).toEqual([]);
  });
});
