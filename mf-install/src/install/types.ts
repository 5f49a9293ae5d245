import type { InstallDbType } from '@agora/shared-api/contract';

export const STEPS = ['language', 'database', 'config', 'site', 'finish'] as const;
export type StepName = (typeof STEPS)[number];

/** The database form's values (every type's fields; only the chosen type's are sent). */
export interface DbFormValues {
  db_type: InstallDbType;
  db_file: string;
  db_host: string;
  db_name: string;
  db_username: string;
  db_password: string;
}

/** How the configuration step was reached. */
export type SetupOutcome =
  | { kind: 'created' }
  /** config-file/check found a configuration whose database and tables are ready. */
  | { kind: 'resumed' }
  /** init could not write the file: the operator creates it with this content. */
  | { kind: 'config-failed'; defaultConfig: string; configFile?: string };
