import { envelope } from '@agora/shared-api/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import SmtpScreen from './smtp-screen';
import { choose, fill, openSettings, saveButton } from './test/open';

const SMTP = {
  from_email: 'qa@example.com',
  from_name: 'Agora',
  smtp_host: 'smtp.example.com',
  smtp_port: 465,
  encryption: 'SSL',
  smtp_username: 'mailer',
  smtp_password: '********',
  smtp_authentication: true,
};
const open = (
  put: unknown = ({ body }: { body: Record<string, unknown> }) => ({ ...body, smtp_password: '********' }),
) => openSettings(SmtpScreen, { 'GET setting/smtp': SMTP, 'PUT setting/smtp': put });
const field = (label: string) => screen.getByLabelText(label);

describe('Settings → SMTP', () => {
  it('checks the addresses, the port range and the credentials the authentication needs', async () => {
    const { user, puts } = open();
    await screen.findByLabelText('From e-mail');
    await fill(user, field('From e-mail'), 'nope');
    await fill(user, field('From name'), 'qa@example.com');
    await fill(user, field('SMTP host'), '');
    await fill(user, field('SMTP port'), '70000');
    await fill(user, field('SMTP username'), '');
    await fill(user, field('SMTP password'), '');
    await user.click(saveButton());
    for (const message of [
      'From e-mail is not a valid address.',
      'From name must be a name, not an e-mail address.',
      'SMTP host cannot be empty.',
      'SMTP port must be a number from 1 to 65535.',
      'SMTP username cannot be empty.',
      'SMTP password cannot be empty.',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    await fill(user, field('SMTP port'), '');
    expect(await screen.findByText('SMTP port cannot be empty.')).toBeInTheDocument();
    await fill(user, field('SMTP port'), '0');
    await user.click(saveButton());
    expect(await screen.findByText('SMTP port must be a number from 1 to 65535.')).toBeInTheDocument();
    expect(puts('setting/smtp')).toHaveLength(0);
  });

  it('keeps the sender, host and username to one line', async () => {
    const { user, puts } = open();
    await screen.findByLabelText('From e-mail');
    await fill(user, field('From name'), 'Agora\tTeam');
    await fill(user, field('SMTP host'), 'smtp.example.com\u0000');
    await fill(user, field('SMTP username'), 'mail\u0085er');
    await user.click(saveButton());
    await waitFor(() =>
      expect(screen.getAllByText('One line only: no line breaks, tabs or other control characters.')).toHaveLength(3),
    );
    expect(puts('setting/smtp')).toHaveLength(0);
  });

  it('shows the password masked as the server sent it and sends it back unchanged', async () => {
    const { user, puts } = open();
    expect(await screen.findByLabelText('SMTP password')).toHaveValue('********');
    expect(field('SMTP password')).toHaveAttribute('type', 'password');
    await choose(user, 'Encryption', 'TLS');
    await fill(user, field('SMTP port'), '587');
    await user.click(saveButton());
    await waitFor(() => expect(puts('setting/smtp')).toHaveLength(1));
    expect(puts('setting/smtp')[0]).toEqual({
      from_email: 'qa@example.com',
      from_name: 'Agora',
      smtp_host: 'smtp.example.com',
      smtp_port: 587,
      encryption: 'TLS',
      smtp_authentication: true,
      smtp_username: 'mailer',
      smtp_password: '********',
    });
  });

  it('hides the credentials when authentication is off and no longer requires them', async () => {
    const { user, puts } = open();
    await screen.findByLabelText('SMTP username');
    await fill(user, field('SMTP username'), '');
    await user.click(screen.getByRole('switch', { name: 'Authentication' }));
    expect(screen.queryByLabelText('SMTP username')).not.toBeInTheDocument();
    await user.click(saveButton());
    await waitFor(() => expect(puts('setting/smtp')).toHaveLength(1));
    expect(puts('setting/smtp')[0]).toMatchObject({ smtp_authentication: false });
  });

  it('sends a test mail to a valid recipient with the form saved, and says so', async () => {
    const { user, puts } = open();
    await screen.findByLabelText('Test recipient');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('Enter the address that gets the test mail.')).toBeInTheDocument();
    await fill(user, field('Test recipient'), 'me@');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('Test recipient is not a valid address.')).toBeInTheDocument();
    expect(puts('setting/smtp')).toHaveLength(0);
    await fill(user, field('Test recipient'), 'me@example.org');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('Settings saved; a test mail was sent to me@example.org.')).toBeInTheDocument();
    expect(puts('setting/smtp')[0]).toEqual({
      from_email: 'qa@example.com',
      from_name: 'Agora',
      smtp_host: 'smtp.example.com',
      smtp_port: 465,
      encryption: 'SSL',
      smtp_authentication: true,
      smtp_username: 'mailer',
      smtp_password: '********',
      test_email_recipient: 'me@example.org',
    });
  });

  it("shows the mail server's refusal in place", async () => {
    const { user } = open(
      envelope(
        null,
        400,
        'error.smtp.test_failed',
        'The test mail could not be sent: 535 5.7.8 Authentication credentials invalid',
      ),
    );
    await fill(user, await screen.findByLabelText('Test recipient'), 'me@example.org');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('The test mail could not be sent.')).toBeInTheDocument();
    expect(screen.getByText(/535 5\.7\.8 Authentication credentials invalid/)).toBeInTheDocument();
  });
});
