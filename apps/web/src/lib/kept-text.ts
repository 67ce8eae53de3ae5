/**
 * What a filtered text field keeps of what was typed (e.g. a price keeps digits and one point), written back
 * to the element when it differs, so a refused character never shows. React's controlled input did this by
 * itself; Preact, which runs the app, leaves the DOM alone when the state does not change (decision 035).
 */
export function keepText(element: HTMLInputElement | HTMLTextAreaElement, reformat: (text: string) => string): string {
  const kept = reformat(element.value);
  if (element.value !== kept) element.value = kept;
  return kept;
}
