import { open, report, seriousViolations, settle, type Finding } from './axe';
import { expect, test, type Role } from './fixture';
import { everyScreen } from './screens';

const ROLES: Role[] = ['visitor', 'member', 'moderator', 'administrator'];

test.describe('no serious or critical accessibility violation (axe-core) on any screen', () => {
  for (const role of ROLES) {
    test(`every screen a ${role} can open`, async ({ a11y, pageIn, guard }) => {
      test.setTimeout(role === 'administrator' ? 300_000 : 180_000);
      // Screens opened without what they are about (a reset or activation code...) say so from the server.
      guard.allow(/status of 40[0134] /);
      const page = await pageIn(role);
      const screens = everyScreen(a11y.objects).filter((screen) => screen.roles.includes(role));
      expect(screens.length).toBeGreaterThan(role === 'visitor' ? 15 : 20);
      const findings: Finding[] = [];
      for (const screen of screens) {
        await open(page, screen.url);
        await settle(page);
        findings.push(...(await seriousViolations(page, `${screen.id} (${screen.url})`)));
      }
      expect(findings, report(findings)).toEqual([]);
    });
  }

  test('the check itself finds what it looks for: an image without text, faint text', async ({ pageIn }) => {
    const page = await pageIn('visitor');
    await open(page, '/tags');
    await settle(page);
    await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const image = document.createElement('img');
      image.src = '/favicon.ico';
      const faint = document.createElement('p');
      faint.style.color = '#eee';
      faint.textContent = 'faint text';
      main.append(image, faint);
    });
    const findings = await seriousViolations(page, 'planted');
    expect(findings.map((finding) => finding.rule).sort()).toEqual(['color-contrast', 'image-alt']);
  });

  test('the installer', async ({ startSite, page }) => {
    const site = await startSite({ install: false, label: 'a11y-install' });
    await open(page, `${site.url}/install`);
    await settle(page);
    const findings = await seriousViolations(page, 'mf_install/install');
    expect(findings, report(findings)).toEqual([]);
  });
});
