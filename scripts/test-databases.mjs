// Before the test command spends minutes on lint and builds: are the databases the server suite
// requires listening? The suite checks them properly (server/test/db/databases.ts); this only knocks
// on their ports, so a machine without them hears at once what to start or what to set instead.
import { connect } from 'node:net';

const DATABASES = {
  postgres: { label: 'PostgreSQL', variable: 'AGORA_TEST_PG', port: 5432 },
  mysql: { label: 'MariaDB/MySQL', variable: 'AGORA_TEST_MYSQL', port: 3306 },
};

const names = (value) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s === 'sqlite' ? 'sqlite3' : s));

function listening(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Exits with a message naming the SQLite-only command when a required database does not listen. */
export async function databasesOrExit(env) {
  const wanted = names(env.AGORA_TEST_DATABASES ?? 'sqlite3,postgres,mysql');
  const missing = [];
  for (const type of names(env.AGORA_TEST_REQUIRE_DATABASES)) {
    const database = DATABASES[type];
    if (!database || !wanted.includes(type)) continue;
    const [host, port] = (env[database.variable] ?? `127.0.0.1:${database.port}`).split(':');
    const address = `${host || '127.0.0.1'}:${port ? Number(port) : database.port}`;
    if (!(await listening(host || '127.0.0.1', port ? Number(port) : database.port)))
      missing.push(`${database.label} at ${address}`);
  }
  if (missing.length === 0) return;
  process.stderr.write(
    [
      '',
      `\u2716 The server suite runs on SQLite, PostgreSQL and MariaDB, and nothing listens for ${missing.join(' or ')}.`,
      '  Start them (or point AGORA_TEST_PG / AGORA_TEST_MYSQL at host:port), or run every suite with the',
      '  server on SQLite only:',
      '',
      '    AGORA_TEST_DATABASES=sqlite npm test',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
