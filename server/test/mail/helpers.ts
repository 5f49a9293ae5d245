import type { SiteSmtp } from '@agora/shared-api/contract';
import type { SmtpSink } from '../support/smtp-sink';

/** smtp settings that send to the test sink. */
export function sinkSmtp(sink: SmtpSink, overrides: Partial<SiteSmtp> = {}): SiteSmtp {
  return {
    from_email: 'noreply@qa.example.com',
    from_name: 'Agora Test',
    smtp_host: sink.host,
    smtp_port: sink.port,
    encryption: '',
    smtp_username: '',
    smtp_password: '',
    smtp_authentication: false,
    ...overrides,
  };
}

/** A clock tests move by hand. */
export function manualClock(start = Date.UTC(2026, 10, 22, 9, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** Log lines a mailer wrote. */
export function memoryLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (msg: unknown) => {
    lines.push({ level, msg: String(msg) });
  };
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } as never };
}
