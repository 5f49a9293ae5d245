import { open, report, seriousViolations, settle, type Finding } from './axe';
import { expect, test, type Role } from './fixture';
import { everyScreen } from './screens';

const ROLES: Role[] = ['visitor', 'member', 'moderator', 'administrator'];

test.describe('no serious or critical accessibility violation (axe-core) on any screen', () => {
  for (const role of ROLES) {
    test(`every screen a ${role} can open`, async ({ a11y, pageIn, guard }) => {
      test.setTimeout(role === 'administrator' ? 480_000 : 300_000);
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

  test('the installer', async ({ startSite, page }) => {
    const site = await startSite({ install: false, label: 'a11y-install' });
    await open(page, `${site.url}/install`);
    await settle(page);
    const findings = await seriousViolations(page, 'mf_install/install');
    expect(findings, report(findings)).toEqual([]);
  });
});
