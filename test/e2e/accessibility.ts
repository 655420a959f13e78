import AxeBuilder from '@axe-core/playwright';
import type { Page, ViewportSize } from 'playwright-core';

/**
 * axe-core over the pages the browser tests visit, on both of the suite's screens (a desktop and a
 * phone: a person may open any page on either). What fails a test: a critical or serious finding
 * (a control with no name, text too faint to read, a form field with no label, ...), and any
 * finding of the `region` rule (content outside every landmark is missed by a screen reader's
 * landmark navigation; the floating help button used to be). Moderate and minor findings are
 * counted by nothing: they are advice, not barriers.
 */
export const screens: Record<'desktop' | 'phone', ViewportSize> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

/** Findings not yet taken by a test's check (afterEach in browser.ts). */
const findings: string[] = [];

/** The findings recorded since the last call. */
export function takeAccessibilityFindings(): string[] {
  return findings.splice(0);
}

const failing = (violation: { id: string; impact?: string | null }) =>
  violation.id === 'region' || violation.impact === 'critical' || violation.impact === 'serious';

/**
 * Waits (2 s at most) for the page's finite CSS transitions and animations to end: axe measures a
 * colour as it is at that instant, and a button still fading in (`transition-colors`) read as
 * faint text once on a busy machine. Endless ones (a spinner) are not waited for.
 */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((done) => setTimeout(done, 2_000)),
    ]),
  );

/** Two animation frames: what the last change (a resize) re-rendered (media queries, React) is painted. */
const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Scans the page as it is now, at its current size, once it has settled; records what fails. A
 * colour finding is measured again once the page has settled a second time, and only one that is
 * still there counts: a transition that starts after the first wait (a button enabled when the
 * device check ends fades from its disabled colour for 150 ms) is measured halfway once in a while
 * on a busy machine, and text that is really too faint is as faint the second time.
 */
async function scanOnce(page: Page, label: string): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  let violations = results.violations.filter(failing);
  if (violations.some((violation) => violation.id === 'color-contrast')) {
    await nextFrames(page);
    await settled(page);
    const again = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
    violations = [...violations.filter((violation) => violation.id !== 'color-contrast'), ...again.violations.filter(failing)];
  }
  for (const violation of violations) {
    const where = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(' | ');
    findings.push(`${label} ${new URL(page.url()).pathname}: ${violation.id} (${violation.impact}) at ${where}`);
  }
}

/**
 * Scans the page on both screens: as it is, then resized to the other screen and back. Pages that
 * are mid-navigation or closed are left alone (the next check scans what they became).
 */
export async function checkAccessibility(page: Page): Promise<void> {
  if (page.isClosed() || !page.url().startsWith('http')) return;
  const original = page.viewportSize() ?? screens.desktop;
  const phoneFirst = original.width < 600;
  const other = phoneFirst ? screens.desktop : screens.phone;
  try {
    await page.waitForLoadState('load', { timeout: 5_000 });
    await scanOnce(page, phoneFirst ? 'phone' : 'desktop');
    await page.setViewportSize(other);
    await nextFrames(page);
    await scanOnce(page, phoneFirst ? 'desktop' : 'phone');
  } catch (error) {
    // A page that navigated away or closed during the scan has nothing left to judge; anything
    // else (axe failing to run) is a broken check and must be seen.
    if (page.isClosed() || /navigat|Execution context was destroyed|Target closed/i.test(String(error))) return;
    throw error;
  } finally {
    if (!page.isClosed()) await page.setViewportSize(original).catch(() => undefined);
  }
}
