import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, tempDir } from '../accounts/helpers';
import { testDatabases } from '../db/databases';
import { contractSite } from './helpers';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });
const { available } = await testDatabases();

/**
 * A session token once was accepted in the query string (`?Authorization=`) and so written to the
 * request log; it must never reach the log. The app logs to a real file here; the test reads it back.
 */
describe.each(available)('secrets and the request log on $label', (target) => {
  it('refuses a token in the query string, and no token, code or password reaches the log', async () => {
    const logDir = tempDir('agora-log-test-');
    const logFile = path.join(logDir.dir, 'server.log');
    const stream = createWriteStream(logFile);
    const s = await contractSite(target, {
      questions: 1,
      config: { logLevel: 'info' },
      app: { logStream: stream },
    });
    const token = s.adminToken;
    const code = 'e-mailed-code-0123456789abcdef';
    try {
      // The attack: a token in the URL (it lands in logs, history and Referer headers) logs nobody in.
      const byQuery = await s.call({ method: 'GET', url: `/user/info?Authorization=${token}` });
      expect(byQuery.status).toBe(200);
      expect(byQuery.body.data).toBeNull();
      const ownPage = await s.call({
        method: 'GET',
        url: `/personal/vote/page?Authorization=${encodeURIComponent(token)}`,
      });
      expect(ownPage.status).toBe(401);
      // The header and the cookie still work.
      expect((await s.call({ method: 'GET', url: '/user/info', token })).body.data).toMatchObject({ id: '1' });
      // Pages reached from e-mailed links and the auth landing page carry secrets in their query.
      for (const url of [
        `/users/account-activation?code=${code}`,
        `/users/password-reset?lang=en&CODE=${code}`,
        `/users/auth-landing?access_token=${token}`,
      ]) {
        expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      // Codes and passwords in bodies.
      await s.call({ method: 'POST', url: '/user/email/verification', payload: { code } });
      await s.call({
        method: 'POST',
        url: '/user/login/email',
        payload: { e_mail: ADMIN.email, pass: 'not-the-password-42' },
      });
    } finally {
      await s.close();
      await new Promise<void>((resolve) => stream.end(resolve));
    }
    const log = readFileSync(logFile, 'utf8');
    logDir.remove();
    // The log was written: one line per request, with the redacted query values.
    expect(log).toContain('/answer/api/v1/user/info?Authorization=[REDACTED]');
    expect(log).toContain('/users/account-activation?code=[REDACTED]');
    expect(log).toContain('/users/password-reset?lang=en&CODE=[REDACTED]');
    expect(log).toContain('/users/auth-landing?access_token=[REDACTED]');
    for (const secret of [token, encodeURIComponent(token), code, ADMIN.password, 'not-the-password-42'])
      expect(log).not.toContain(secret);
  });
});
