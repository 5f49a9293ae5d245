/** One bad installer input: `field` is the input's name (an env variable, a flag or a form field). */
export interface InstallFieldError {
  field: string;
  /** English, for an operator (CLI, logs). */
  message: string;
  /** The i18n key the browser installer shows instead (with `params`), when the error came from validation. */
  reason?: string;
  params?: Record<string, string | number>;
}

export type InstallErrorCode =
  'invalid_input' | 'database_connection_failed' | 'database_already_installed' | 'config_file_failed';

/**
 * Why an install did not happen. The message is for an operator (CLI, logs); the browser installer
 * maps `code` onto its reasons (error.database.connection_failed, error.install.create_config_failed...).
 */
export class InstallError extends Error {
  override readonly name = 'InstallError';
  readonly code: InstallErrorCode;
  readonly fields: InstallFieldError[];

  constructor(
    code: InstallErrorCode,
    message: string,
    fields: InstallFieldError[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = code;
    this.fields = fields;
  }
}
