import { type RefObject, useEffect, useState } from 'react';

type InViewOptions = {
  /** The value before the first observation (true for something that starts on screen, like a hero). */
  initial?: boolean;
  /** Stop watching once the element has been seen, so it stays "in view" from then on. */
  once?: boolean;
  /** Grows or shrinks the viewport, e.g. "-65px 0px 0px 0px" to leave out a fixed top bar. */
  rootMargin?: string;
  threshold?: number;
};

/** Whether the element is on screen, from an IntersectionObserver. Without one, it counts as seen. */
export function useInView(
  ref: RefObject<Element | null>,
  { initial = false, once = false, rootMargin = '0px', threshold = 0 }: InViewOptions = {},
): boolean {
  const [isInView, setIsInView] = useState(initial);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const latest = entries.at(-1);
        if (!latest) return;
        setIsInView(latest.isIntersecting);
        if (latest.isIntersecting && once) observer.disconnect();
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, once, rootMargin, threshold]);

  return isInView;
}
