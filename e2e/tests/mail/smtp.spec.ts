import { ADMIN } from '../../fixtures/paths';
import { expect, linkIn, test } from '../../fixtures/mail';

/**
 * The real server process sends mail through its outbox worker to the test's SMTP sink: the admin's
 * "send a test mail" arrives, and the smtp settings never reach the public site info.
 */
test('the admin test mail reaches the SMTP sink; siteinfo shows no smtp settings', async ({ site, mail, request }) => {
  const login = await request.post(`${site.url}/answer/api/v1/user/login/email`, {
    data: { e_mail: ADMIN.email, pass: ADMIN.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { access_token: token } = ((await login.json()) as { data: { access_token: string } }).data;
  const headers = { Authorization: token };

  const current = await request.get(`${site.url}/answer/admin/api/setting/smtp`, { headers });
  expect(current.status()).toBe(200);
  const smtp = ((await current.json()) as { data: Record<string, unknown> }).data;
  expect(smtp).toMatchObject({ smtp_host: mail.host, smtp_port: mail.port, smtp_password: '' });

  const recipient = `smtp-check-${Date.now()}@e2e.example.com`;
  const saved = await request.put(`${site.url}/answer/admin/api/setting/smtp`, {
    headers,
    // The mail fixture pins the SMTP group in the configuration file: send it back unchanged.
    data: { ...smtp, test_email_recipient: recipient },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const received = await mail.waitForMail({ to: recipient, subject: 'Test e-mail' }, 30_000);
  expect(received.from).toBe('noreply@e2e.example.com');
  expect(received.text).toContain(site.url);
  expect(() => linkIn(received, '/users/account-activation')).toThrow();

  const info = await request.get(`${site.url}/answer/api/v1/siteinfo`);
  expect(await info.text()).not.toMatch(/smtp|noreply@e2e\.example\.com/);
});
