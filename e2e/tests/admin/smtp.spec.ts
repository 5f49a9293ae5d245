import { loginAsAdmin } from '../../fixtures/login';
import { AdminSettingsPage, settingsText } from '../../pages/admin-settings';
import { expect, test } from './fixture';

// A fresh site has no SMTP settings, and the API takes no empty ones back: the worker's site keeps
// pointing at its own mail sink after this test (no other test depends on mail).
test("the administrator sends an SMTP test mail to the suite's mail server", async ({ page, admin }) => {
  await loginAsAdmin(page, admin.site);
  const settings = new AdminSettingsPage(page);
  await settings.openSettings('smtp');
  await settings.field('smtp.from_email.label').fill('robot@e2e.example.com');
  await settings.field('smtp.from_name.label').fill('E2E Admin Mailer');
  await settings.field('smtp.smtp_host.label').fill(admin.mail.host);
  await settings.field('smtp.smtp_port.label').fill(String(admin.mail.port));
  await settings.setSwitch('smtp.smtp_authentication.label', false);

  const recipient = `admin-smtp-${Date.now()}@e2e.example.com`;
  await page.getByLabel(settingsText('smtp.test.label'), { exact: true }).fill(recipient);
  await page.getByRole('button', { name: settingsText('smtp.test.send'), exact: true }).click();
  await expect(settings.toast(settingsText('smtp.test.sent', { to: recipient }))).toBeVisible();

  const mail = await admin.mail.waitForMail({ to: recipient }, 30_000);
  expect(mail.from).toBe('robot@e2e.example.com');
  // The settings were saved with it: a reload shows them.
  await settings.openSettings('smtp');
  await expect(settings.field('smtp.smtp_host.label')).toHaveValue(admin.mail.host);
});
