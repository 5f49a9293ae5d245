import { AccountsService } from '../../modules/accounts/service';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../modules/install/validate';
import { CliError, UsageError, type Command } from '../context';

export const resetPasswordCommand: Command = {
  name: 'reset-password',
  summary: "set a user's password (ends all of that user's sessions)",
  usage: '--email <address> --password <new password>',
  help: [`The password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`],
  options: { email: { type: 'string' }, password: { type: 'string' } },
  async run({ values }, ctx) {
    const email = typeof values.email === 'string' ? values.email.trim() : '';
    const password = typeof values.password === 'string' ? values.password : '';
    if (!email) throw new UsageError('--email is required');
    if (!password) throw new UsageError('--password is required');
    const length = [...password].length;
    if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
      throw new UsageError(`--password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters (got ${length})`);
    }
    const database = await ctx.openDatabase();
    try {
      const accounts = new AccountsService(database.db);
      const user = await accounts.findUserByEmail(email);
      if (!user) throw new CliError(`No user has the e-mail address ${email}.`);
      await accounts.setPassword(user.id, password);
      ctx.out(`The password of ${user.username} (id ${user.id}) was changed; their sessions were ended.`);
      return 0;
    } finally {
      await database.close();
    }
  },
};
