// React's API on Preact (decision 035): preact/compat, plus the React 19 hooks it lacks. The app's code is
// typed against @types/react; this module only stands in for `react` at build and test time.
// @ts-expect-error preact/compat's types say `export =`; the module itself is ESM with named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

import { useCallback, useState } from 'preact/compat';

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
