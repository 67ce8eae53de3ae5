import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Rendered outside Testing Library's act(), which runs pending effects at once: as in the browser, Preact
// runs passive effects only on the next animation frame.
let root: ReturnType<typeof createRoot> | undefined;
function renderOnPage(element: React.ReactNode) {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  root.render(element);
}
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.replaceChildren();
});

function Reader({ subscribe }: { subscribe: (onChange: () => void) => () => void }) {
  useSyncExternalStore(subscribe, () => 1);
  return <p>read</p>;
}

function Send({ onError }: { onError: () => void }) {
  const send = useMutation({ mutationFn: () => Promise.reject(new Error('refused')) });
  return (
    <button type="button" onClick={() => send.mutate(undefined, { onError })}>
      Send
    </button>
  );
}

describe('useSyncExternalStore on Preact', () => {
  it('is subscribed as soon as the component is on the page, before any frame', () => {
    let listeners = 0;
    const subscribe = () => {
      listeners += 1;
      return () => {
        listeners -= 1;
      };
    };
    renderOnPage(<Reader subscribe={subscribe} />);
    expect(listeners).toBe(1);
    root?.unmount();
    expect(listeners).toBe(0);
  });

  it('a mutation started in the frame its button appeared in still runs its per-call callbacks', async () => {
    const onError = vi.fn();
    renderOnPage(
      <QueryClientProvider client={new QueryClient()}>
        <Send onError={onError} />
      </QueryClientProvider>,
    );
    // A click before the next animation frame, when Preact runs passive effects.
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
  });
});
