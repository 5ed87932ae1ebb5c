/** The only `error_type` builds produce; the contract shows `build_error`. */
export const BUILD_ERROR_TYPE = 'build_error';

/**
 * One reason an app version did not build (contract: "Build error entry"). The repair loop reads these,
 * fixes `file` as `suggested_action` says (through the files interface or PATCH), then deploys again.
 */
export interface BuildErrorEntry {
  /** where and what, e.g. `src/views/list.ts:3:18: Unexpected ";" in: const total = ;` */
  message: string;
  error_type: typeof BUILD_ERROR_TYPE;
  /** app-relative path of the file to fix, e.g. `src/views/list.ts`; empty when no single file is at fault */
  file: string;
  suggested_action: string;
  /** the app's editor opened at `file` (and `line` when known) */
  fix_url: string;
  /** false only when the failure is appgen's own, so no change to the app's files can fix it */
  recoverable: boolean;
  /** ISO 8601 */
  occurred_at: string;
}

/** Body of `GET /managed_apps/:id/errors`; `errors` is empty for a clean app. */
export interface BuildErrorsResponse {
  recoverable: boolean;
  errors: BuildErrorEntry[];
}
