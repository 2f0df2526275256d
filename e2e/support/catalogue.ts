import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { baseUrl } from './browser.ts';

/** Reads the catalogue API directly (test set-up only: to find, say, a sold-out voucher's id). */
export async function catalogueGet<T>(path: string, lang: 'en' | 'th' = 'en'): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, { headers: { 'Accept-Language': lang } });
  const body = (await res.json()) as { success: boolean; data: T };
  if (!res.ok || !body.success) throw new Error(`GET ${path} → ${res.status}`);
  return body.data;
}

/** A card's price as a number: "฿1,250", "From ฿590", "เริ่มต้น ฿590", "Free", "ฟรี". */
export function priceOf(text: string): number {
  const digits = text.match(/฿([\d,]+)/)?.[1];
  return digits ? Number(digits.replace(/,/g, '')) : 0;
}

/** Scrolls through the page so lazy pictures load, then back to the top (for full-page screenshots). */
export async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    const step = window.innerHeight / 2;
    for (let y = 0; y < document.body.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
              setTimeout(r, 3000);
            }),
      ),
    );
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(300);
}

const shotsDir = join(import.meta.dirname, '..', '..', 'artifacts', 'screenshots');

/**
 * What the member sees on the screen (not the whole page): optionally scrolled so `top` sits just
 * under the header. Saved beside the full-page shots as `<name>-<width>.png`.
 */
export async function viewportScreenshot(page: Page, name: string, top?: Locator) {
  mkdirSync(shotsDir, { recursive: true });
  if (top) {
    await top.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 64));
    await page.waitForTimeout(300);
  }
  const { width } = page.viewportSize() ?? { width: 390 };
  await page.screenshot({ path: join(shotsDir, `${name}-${width}.png`) });
}
