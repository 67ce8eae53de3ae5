import type { Page } from '@playwright/test';

/** A PNG of the given size drawn in the page's canvas (two colours, so crops and hashes have something to see). */
export async function makePng(page: Page, width = 400, height = 300): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = '#ff4f9a';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#2244aa';
      context.fillRect(0, 0, w / 2, h / 2);
      return canvas.toDataURL('image/png');
    },
    [width, height] as const,
  );
  return Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
}
