import { useCallback } from 'react';

/**
 * A ref for a text field of a page the server drew: when React hydrates the field, what the visitor typed
 * into it before (the field's value differs from its markup's `value`) goes to `onTyped`, so the state holds
 * what the field shows. React 19 keeps such text in the field but tells no one (its `enableHydrationChangeEvent`
 * is not on in a stable release), and the next render of the field from its state would wipe it. A field the
 * app draws itself holds its markup's value when attached, and is left alone.
 */
export function useTypedBeforeHydration(
  onTyped: (text: string) => void,
): (field: HTMLInputElement | HTMLTextAreaElement | null) => void {
  return useCallback(
    (field: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (field && field.value !== field.defaultValue) onTyped(field.value);
    },
    [onTyped],
  );
}
