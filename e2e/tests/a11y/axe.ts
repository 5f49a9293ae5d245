import { createRequire } from 'node:module';
import type AxeApi from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** One serious or critical rule broken on a screen, with where (a few of its elements). */
export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Requests in flight per page, counted from the page's own events (see `quiet`). */
const inFlight = new WeakMap<Page, { count: number; changed: number }>();

function track(page: Page): { count: number; changed: number } {
  let state = inFlight.get(page);
  if (state) return state;
  const counter = { count: 0, changed: Date.now() };
  const settled = () => {
    counter.count = Math.max(0, counter.count - 1);
    counter.changed = Date.now();
  };
  page.on('request', () => {
    counter.count += 1;
    counter.changed = Date.now();
  });
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  inFlight.set(page, counter);
  state = counter;
  return state;
}

/**
 * Opens `url`. The first screen of a page is a full load (once more when the navigation was cut short by
 * the page's own redirect); later ones go through the router as a member's click would (history entry and
 * popstate), so the shell and the remotes already loaded are not fetched and started again for every screen.
 */
export async function open(page: Page, url: string): Promise<void> {
  track(page);
  const loaded = await page
    .evaluate(() => document.readyState === 'complete' && document.getElementById('root')?.childElementCount)
    .catch(() => 0);
  if (!loaded || page.url() === 'about:blank') {
    try {
      await page.goto(url);
    } catch {
      await page.goto(url);
    }
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/** Waits until no request has been in flight for `quietMs` (Playwright's networkidle waits 500 ms). */
async function quiet(page: Page, quietMs = 150): Promise<void> {
  const counter = track(page);
  await expect
    .poll(() => counter.count === 0 && Date.now() - counter.changed >= quietMs, { timeout: 15_000, intervals: [50] })
    .toBe(true);
}

/** Elements antd's motion is taking in or out (rc-motion's `-appear`, `-enter` and `-leave` classes). */
const MOTION = '[class*="ant-"][class*="-appear"], [class*="ant-"][class*="-enter"], [class*="ant-"][class*="-leave"]';

/**
 * Waits until the screen has settled: its requests done, no 'Loading…' placeholder left, no animation
 * running (a toast sliding in is half transparent: its colours are not yet the ones it shows) and the page
 * unchanged for a moment (an editor names its text field just after it is mounted).
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await quiet(page);
  await page.evaluate(() => {
    const w = window as { lastMutation?: number };
    if (w.lastMutation !== undefined) return;
    w.lastMutation = performance.now();
    new MutationObserver(() => {
      w.lastMutation = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.waitForFunction(
    (MOTION_SELECTOR) => {
      const main = document.querySelector('main, [role="main"]');
      if (!main || main.getClientRects().length === 0) return false;
      if (document.querySelector('[role="status"][aria-busy="true"], .ant-spin-spinning')) return false;
      if (performance.now() - ((window as { lastMutation?: number }).lastMutation ?? 0) < 150) return false;
      // antd's motion classes: an element about to animate in or out, before its animation has started.
      if (document.querySelector(MOTION_SELECTOR)) return false;
      return (
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity).length === 0
      );
    },
    MOTION,
    { polling: 50, timeout: 10_000 },
  );
  // What the last answers started (a lazy chunk, an avatar) has ended too.
  await quiet(page, 50);
}

/**
 * The editor's scroll area (CodeMirror's) is operated through the editor's own text input, whose caret
 * scrolls it; axe cannot see that relation and asks the area itself to take the focus, which would add a
 * dead stop to the Tab order.
 */
const EDITOR_SCROLLER = '.CodeMirror-scroll';
const knownFalse = (rule: string, targets: string[]) =>
  rule === 'scrollable-region-focusable' && targets.every((target) => target.endsWith(EDITOR_SCROLLER));

interface AxeCore {
  /** The script that defines `window.axe` in a page. */
  source: string;
  _audit: { rules: { id: string; impact?: string; enabled?: boolean }[] };
}

const axeCore = createRequire(import.meta.url)('axe-core') as AxeCore;

/**
 * The rules that can only report a moderate or minor violation, read from axe-core's own rule table. The
 * suite reports serious and critical ones only, so these are not run ('region' alone walks the whole page
 * once more).
 */
const MINOR_RULES = axeCore._audit.rules
  .filter((rule) => rule.enabled !== false && (rule.impact === 'moderate' || rule.impact === 'minor'))
  .map((rule) => rule.id);

/**
 * Runs axe-core over the whole page (dialogs and popups included): its serious and critical violations.
 * axe is put into the page once per document (screens reached through the router keep it), and only
 * violations come back: passes list every node checked, a large answer to carry out of the page for
 * nothing.
 */
export async function seriousViolations(page: Page, screen: string, again = true): Promise<Finding[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!present) await page.evaluate(axeCore.source);
  const results = await page.evaluate(
    (disabled) =>
      (window as unknown as { axe: typeof AxeApi }).axe.run(document, {
        rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
      }),
    MINOR_RULES,
  );
  const findings = results.violations
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
  // Something began to move in while axe ran (a toast a poll brought): half transparent, its colours were
  // not yet the ones it shows. Once it has settled, the screen is checked again.
  if (again && findings.some((f) => f.targets.some((target) => /-(appear|enter|leave)\b/.test(target)))) {
    await settle(page);
    return seriousViolations(page, screen, false);
  }
  return findings;
}

/** The findings as lines a failing test prints. */
export const report = (findings: Finding[]) =>
  findings.map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.help} at ${f.targets.join(' | ')}`).join('\n');
