/** What `appgen` exits with; scripts branch on these (README "Exit codes"). */
export const EXIT = {
  ok: 0,
  /** the API refused (any error other than a credential's), or could not be reached */
  apiError: 1,
  /** the command line is wrong: unknown command or option, missing argument, invalid value */
  usage: 2,
  /** no credential, or the API refused it (401) or it lacks the permission (403) */
  auth: 3,
  /** a --wait ran out of time (--timeout) */
  timeout: 4,
  /** a --wait ended with the job or the deployment failed or cancelled */
  failed: 5,
  /** interrupted (Ctrl-C) */
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure with the exit code and the one-line `{error, message}` body it is shown as. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    readonly body: { error: string; message: string; [key: string]: unknown },
  ) {
    super(body.message);
  }

  static usage(message: string): CliError {
    return new CliError(EXIT.usage, { error: 'usage_error', message });
  }
}
