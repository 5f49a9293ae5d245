// Every query key of this remote starts with 'mf_admin'; each screen family has its own prefix, so a
// mutation marks stale exactly the lists it changes.
export const adminKeys = {
  all: ['mf_admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  questions: () => [...adminKeys.all, 'questions'] as const,
  answers: () => [...adminKeys.all, 'answers'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  user: (userId: string) => [...adminKeys.users(), 'detail', userId] as const,
  roles: () => [...adminKeys.all, 'roles'] as const,
  flags: () => [...adminKeys.all, 'flags'] as const,
  plugins: () => [...adminKeys.all, 'plugins'] as const,
  badges: () => [...adminKeys.all, 'badges'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  job: (id: string) => [...adminKeys.all, 'job', id] as const,
};

/** Rows per page of the admin lists. */
export const ADMIN_PAGE_SIZE = 20;
