import { expect, type Page, test } from '@playwright/test';

/** The widths every named screen is checked at: a phone and a laptop. */
export const LAYOUT_WIDTHS = [390, 1280] as const;

/**
 * Runs in the page: what is wrong with its layout. The page scrolls sideways (the document is wider than the
 * window), or a button's label wraps: a text node inside a button, a radio or a chip laid out on more than one
 * line. Self-contained: Playwright sends its source.
 */
function findLayoutProblems(): string[] {
  const problems: string[] = [];
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollWidth > window.innerWidth) {
    problems.push(`scrolls sideways: ${scroller.scrollWidth} px wide in a ${window.innerWidth} px window`);
  }
  const controls = document.querySelectorAll('button, [role="button"], [role="radio"], .MuiButton-root, .MuiChip-root');
  for (const control of controls) {
    if (!(control instanceof HTMLElement) || control.getClientRects().length === 0) continue;
    const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text === '') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      // One rectangle per line the text takes; a label on one line has rectangles sharing one top.
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) problems.push(`"${text}" wraps onto ${tops.size} lines`);
    }
  }
  return problems;
}

/**
 * Checks the screen on `page` as it is now: no sideways scrolling and no wrapped button label (soft, so every
 * screen is checked and each failure names its screen), and keeps a full-page screenshot in the test's output.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  // Fonts and images settle first: a late font can wrap a label.
  await page.evaluate(() => document.fonts.ready);
  expect.soft(await page.evaluate(findLayoutProblems), `${name} at ${width} px`).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
}

/** Runs in the page: records where the next toast with `text` shows, its colour, and where the menu button is. */
export function recordNextToast(text: string): void {
  const observer = new MutationObserver(() => {
    const alert = [...document.querySelectorAll('[role="alert"]')].find((a) => a.textContent?.includes(text));
    const menu = document.querySelector('button[aria-label^="Menu"]');
    if (!alert || !menu) return;
    const rect = (element: Element) => {
      const { top, bottom, left, right } = element.getBoundingClientRect();
      return { top, bottom, left, right };
    };
    Object.assign(window, {
      toastSeen: { toast: rect(alert), menu: rect(menu), background: getComputedStyle(alert).backgroundColor },
    });
    observer.disconnect();
  });
  Object.assign(window, { toastSeen: undefined });
  observer.observe(document.body, { childList: true, subtree: true });
}

type Box = { top: number; bottom: number; left: number; right: number };

/** The toast recordNextToast saw, once it showed. */
export async function seenToast(page: Page): Promise<{ toast: Box; menu: Box; background: string }> {
  const seen = await page.waitForFunction(() => (window as { toastSeen?: unknown }).toastSeen);
  return (await seen.jsonValue()) as { toast: Box; menu: Box; background: string };
}

export const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
