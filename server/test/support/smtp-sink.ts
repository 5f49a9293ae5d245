import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** One mail the sink received, parsed. */
export interface SinkMail {
  /** Envelope recipients (lower case). */
  to: string[];
  /** The From header's address. */
  from: string;
  fromName: string;
  subject: string;
  text: string;
  html: string;
  date: Date;
  /** Every header line as received, by lower-case name (e.g. `list-unsubscribe`). */
  headers: Record<string, string>;
  /** The user name the client authenticated with, if it did. */
  authUser?: string;
}

export type MailPredicate = (mail: SinkMail) => boolean;
export interface MailQuery {
  to: string;
  subject?: string | RegExp;
}

export interface SmtpSink {
  host: string;
  port: number;
  mails(): SinkMail[];
  clear(): void;
  /** The first mail (already received or still to come) matching; rejects after `timeoutMs`. */
  waitForMail(match: MailPredicate | MailQuery, timeoutMs?: number): Promise<SinkMail>;
  /** Refuses the next `n` mails with an SMTP error (default 451, a temporary failure). */
  rejectNext(n: number, code?: number): void;
  close(): Promise<void>;
}

const firstAddress = (value: AddressObject | AddressObject[] | undefined) => {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value)[0];
};

function toPredicate(match: MailPredicate | MailQuery): MailPredicate {
  if (typeof match === 'function') return match;
  const to = match.to.toLowerCase();
  return (mail) =>
    mail.to.includes(to) &&
    (match.subject === undefined ||
      (typeof match.subject === 'string' ? mail.subject.includes(match.subject) : match.subject.test(mail.subject)));
}

/**
 * A local SMTP server for tests (127.0.0.1, a free port): accepts any sender, recipient and login
 * (authentication optional, no TLS), parses each mail with mailparser and keeps it in memory.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: SinkMail[] = [];
  const waiters = new Set<{ predicate: MailPredicate; resolve: (mail: SinkMail) => void }>();
  let rejecting: { count: number; code: number } = { count: 0, code: 451 };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session: SMTPServerSession, callback) {
      if (rejecting.count > 0) {
        rejecting.count -= 1;
        stream.resume();
        stream.on('end', () => {
          const error = new Error('Mailbox temporarily unavailable (test sink)') as Error & { responseCode: number };
          error.responseCode = rejecting.code;
          callback(error);
        });
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          const from = firstAddress(parsed.from);
          const mail: SinkMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: from?.address ?? '',
            fromName: from?.name ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: parsed.date ?? new Date(),
            headers: Object.fromEntries(
              parsed.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .trim(),
              ]),
            ),
            ...(typeof session.user === 'string' ? { authUser: session.user } : {}),
          };
          received.push(mail);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined);
  const { port } = server.server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    mails: () => [...received],
    clear: () => {
      received.length = 0;
    },
    rejectNext: (n, code = 451) => {
      rejecting = { count: n, code };
    },
    waitForMail: (match, timeoutMs = 10_000) => {
      const predicate = toPredicate(match);
      const found = received.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<SinkMail>((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: SinkMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = received.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`no matching mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
