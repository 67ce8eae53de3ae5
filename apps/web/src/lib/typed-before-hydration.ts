import { useCallback, useEffect, useRef } from 'react';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * A ref for a text field of a page the server drew: once React has hydrated the field, what the visitor typed
 * into it before (the field's value differs from its markup's `value`) goes to `onTyped`, so the state holds
 * what the field shows. React 19 keeps such text in the field but tells no one (its `enableHydrationChangeEvent`
 * is not on in a stable release), and the next render of the field from its state would wipe it. It is read in
 * an effect, not when the ref is attached: form libraries (react-hook-form's controllers) listen for changes
 * only from their own effects on, and React runs the effects before it draws the field again. A field the app
 * draws itself holds its markup's value when it mounts, and is left alone.
 */
export function useTypedBeforeHydration(onTyped: (text: string) => void): (field: TextField | null) => void {
  const field = useRef<TextField | null>(null);
  const latestOnTyped = useRef(onTyped);
  latestOnTyped.current = onTyped;
  useEffect(() => {
    const typed = field.current;
    if (typed && typed.value !== typed.defaultValue) latestOnTyped.current(typed.value);
  }, []);
  return useCallback((element: TextField | null) => {
    field.current = element;
  }, []);
}
