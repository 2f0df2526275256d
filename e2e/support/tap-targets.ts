import type { Locator, Page } from 'playwright-core';
import { settleAnimations } from './browser.ts';

/** The smallest tap target a finger hits reliably (WCAG 2.5.5, Apple's and Google's guides). */
export const MIN_TAP = 44;

/**
 * Every visible thing a member can tap whose hit area is smaller than MIN_TAP × MIN_TAP CSS px, on the
 * page or inside `scope`. A scope inside a dialog or a sheet stands for the whole dialog (its header's
 * close cross too), and only that is measured: what lies behind the mask cannot be tapped.
 *
 * What a tap hits is measured, not the element's box: the element is scrolled to the middle of its
 * scroller and, from the centre of its target (a checkbox's or radio's is its label), points are tried
 * outwards, left, right, up and down, for as long as they land on it (or on the label that works it).
 * So padding and a ::before/::after hit-area extension count, and what covers it does not. The hit
 * area must reach MIN_TAP across and down through the centre. Links inside a sentence are exempt, as
 * WCAG 2.5.8 exempts inline targets.
 */
export async function smallTapTargets(page: Page, scope?: Locator): Promise<string[]> {
  await settleAnimations(page);
  return (scope ?? page.locator('body')).evaluate((start, MIN) => {
    const root = start.closest('.ant-modal-content, .ant-drawer-content-wrapper, [role="dialog"]') ?? start;
    // Enough to tell MIN px from less; a wider target stops counting there.
    const SCAN = MIN / 2 + 2;
    const selector = [
      'a[href]',
      'button',
      'summary',
      'select',
      'input[type=checkbox]',
      'input[type=radio]',
      '.ant-select',
      '[role=button]',
      '[role=link]',
      '[role=tab]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=switch]',
      '[role=menuitem]',
      '[role=option]',
    ].join(',');

    const describe = (el: Element, w: number, h: number) => {
      const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
      const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      const tag = `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}`;
      return `${tag}${testId ? ` [${testId}]` : ''} "${name}" hits ${w}×${h}`;
    };

    /** Inside a sentence: an inline element whose block holds more text than its own. */
    const inline = (el: HTMLElement) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
      const own = el.innerText.trim().length;
      return (block?.innerText.trim().length ?? 0) > own + 3;
    };

    /** What a tap aims at: the control, the label around a checkbox or radio, or a select's box. */
    const targetOf = (control: HTMLElement): HTMLElement =>
      (control instanceof HTMLInputElement && control.closest('label')) ||
      control.closest<HTMLElement>('.ant-select') ||
      control;

    const hidden = (el: HTMLElement) => {
      if (el.closest('[aria-hidden="true"], [inert]')) return true;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return true;
      // The input of a styled checkbox or radio is see-through on purpose; what shows is around it.
      if (Number(style.opacity) === 0 && !(el instanceof HTMLInputElement)) return true;
      const rect = targetOf(el).getBoundingClientRect();
      return rect.width <= 1 || rect.height <= 1;
    };

    /** The point lands on the control: on it, inside it, or on what a tap on it aims at. */
    const reaches = (control: HTMLElement, x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      return Boolean(hit && (control.contains(hit) || targetOf(control).contains(hit)));
    };

    /** How many pixels from (x, y) in direction (dx, dy) still land on the control. */
    const reach = (control: HTMLElement, x: number, y: number, dx: number, dy: number) => {
      let d = 0;
      while (d < SCAN && reaches(control, x + (d + 1) * dx, y + (d + 1) * dy)) d++;
      return d;
    };

    const small: string[] = [];
    const seen = new Set<HTMLElement>();
    for (const control of root.querySelectorAll<HTMLElement>(selector)) {
      // A select is measured once, by its box, whatever it holds.
      const target = targetOf(control);
      if (seen.has(target) && target !== control) continue;
      seen.add(target);
      if (hidden(control) || inline(control)) continue;
      // Off-screen by design (the "skip to content" link shows only when focused).
      const before = target.getBoundingClientRect();
      if (before.bottom + window.scrollY < 0 || before.right + window.scrollX < 0) continue;
      target.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const rect = target.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (!reaches(control, x, y)) {
        small.push(describe(control, 0, 0).replace(/hits 0×0$/, 'is covered at its centre'));
        continue;
      }
      const w = reach(control, x, y, -1, 0) + 1 + reach(control, x, y, 1, 0);
      const h = reach(control, x, y, 0, -1) + 1 + reach(control, x, y, 0, 1);
      if (w < MIN || h < MIN) small.push(describe(control, w, h));
    }
    if (root === start && start === document.body) window.scrollTo({ top: 0, behavior: 'instant' });
    return small;
  }, MIN_TAP);
}
