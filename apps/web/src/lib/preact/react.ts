// React's API on Preact (decision 035): preact/compat, plus the React 19 hooks it lacks. The app's code is
// typed against @types/react; this module only stands in for `react` at build and test time.
// @ts-expect-error preact/compat's types say `export =`; the module itself is ESM with named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

import { useCallback, useLayoutEffect, useState } from 'preact/compat';

/** React 19's useOptimistic without transitions: the optimistic value until the next passthrough value. */
export function useOptimistic<S, A>(passthrough: S, reducer?: (state: S, action: A) => S): [S, (action: A) => void] {
  const [state, setState] = useState<{ base: S; value: S }>({ base: passthrough, value: passthrough });
  const current = state.base === passthrough ? state.value : passthrough;
  const add = useCallback(
    (action: A) =>
      setState((s) => ({ base: passthrough, value: reducer ? reducer(s.value, action) : (action as unknown as S) })),
    [passthrough, reducer],
  );
  return [current, add];
}

type Store<T> = { value: T; getSnapshot: () => T };

function hasChanged<T>(store: Store<T>): boolean {
  try {
    return !Object.is(store.value, store.getSnapshot());
  } catch {
    return true;
  }
}

/**
 * preact/compat's useSyncExternalStore, subscribed in a layout effect (as soon as the component is on the page)
 * instead of a passive one, which Preact runs a frame later. React runs pending passive effects before it handles
 * a click; without this, a click within that frame met no subscriber, and TanStack Query runs a mutation's
 * per-call callbacks (`mutate(v, { onError })`) only for a subscribed observer: they were lost (decision 035).
 * The app renders in the browser only, so there is no server snapshot to read.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T {
  const value = getSnapshot();
  const [{ store }, forceUpdate] = useState<{ store: Store<T> }>({ store: { value, getSnapshot } });

  useLayoutEffect(() => {
    store.value = value;
    store.getSnapshot = getSnapshot;
    if (hasChanged(store)) forceUpdate({ store });
  }, [store, value, getSnapshot]);

  useLayoutEffect(() => {
    if (hasChanged(store)) forceUpdate({ store });
    return subscribe(() => {
      if (hasChanged(store)) forceUpdate({ store });
    });
  }, [store, subscribe]);

  return value;
}
