import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** One serious or critical rule broken on a screen, with where (a few of its elements). */
export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Opens `url` (once more when the navigation was cut short by the page's own redirect). */
export async function open(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url);
  } catch {
    await page.goto(url);
  }
}

/**
 * Waits until the screen has settled: its requests done, no 'Loading…' placeholder left and no animation
 * running (a toast sliding in is half transparent: its colours are not yet the ones it shows).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  await expect(page.locator('[role="status"][aria-busy="true"], .ant-spin-spinning')).toHaveCount(0);
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity).length,
        ),
      { timeout: 5_000 },
    )
    .toBe(0);
}

/**
 * The editor's scroll area (CodeMirror's) is operated through the editor's own text input, whose caret
 * scrolls it; axe cannot see that relation and asks the area itself to take the focus, which would add a
 * dead stop to the Tab order.
 */
const EDITOR_SCROLLER = '.CodeMirror-scroll';
const knownFalse = (rule: string, targets: string[]) =>
  rule === 'scrollable-region-focusable' && targets.every((target) => target.endsWith(EDITOR_SCROLLER));

/**
 * Runs axe-core over the whole page (dialogs and popups included): its serious and critical violations.
 * Legacy mode runs it inside the page itself (the site has no frames), without the blank page the default
 * mode opens to merge frame results: a second or two less per screen.
 */
export async function seriousViolations(page: Page, screen: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .filter(
      (violation) =>
        !knownFalse(
          violation.id,
          violation.nodes.map((node) => node.target.join(' ')),
        ),
    )
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact!,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
}

/** The findings as lines a failing test prints. */
export const report = (findings: Finding[]) =>
  findings.map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.help} at ${f.targets.join(' | ')}`).join('\n');
