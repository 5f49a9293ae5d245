// Run by the unsubscribe e2e test in a child process (node --import tsx, from server/): mints the
// unsubscribe code a notification mail would carry, with the accounts module's own function, on the
// site's database. Arguments: <config file> <data dir> <user id>. Prints the code.
import { createUnsubscribeCode } from '../../../../server/src/modules/accounts/email-tokens';
import { resolveDatabaseConfig } from '../../../../server/src/db/config';
import { createDatabase } from '../../../../server/src/db/database';
import { readInstallRecord } from '../../../../server/src/modules/install/config-file';

const [configFile, dataDir, userId] = process.argv.slice(2);
if (!configFile || !dataDir || !userId) throw new Error('usage: unsubscribe-code <config file> <data dir> <user id>');
const record = readInstallRecord(configFile);
if (!record) throw new Error(`${configFile} holds no install record`);
const database = await createDatabase(resolveDatabaseConfig(record.database, dataDir));
try {
  process.stdout.write(`${await createUnsubscribeCode(database.db, Number(userId))}\n`);
} finally {
  await database.close();
}
