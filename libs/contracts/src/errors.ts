/**
 * Every `error` a failure of the public API can carry, with its HTTP status: the stable snake_case codes of
 * decisions.md ("Errors") and the one literal the contract spells as a sentence (the deploy refusal). This is
 * the one map from an error to its status; services and the gateway raise them through one exception type
 * (service-kit's AppgenError), and the gateway answers with the status and body as they are.
 */
export const ERROR_CODES = {
  bad_request: 400,
  invalid_json: 400,
  missing_prompt: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  /** the request was valid but what it asks for is larger than one reply may be; ask for less */
  result_too_large: 422,
  idempotency_key_reused: 422,
  /** the contract's deploy refusal (section 7): its `error` is this sentence, with reason and suggested_action */
  'App is not deployable': 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  upstream_timeout: 504,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  error: string;
  message: string;
  errors?: FieldError[];
  [extra: string]: unknown;
}

/** What a service's handler throws (wrapped in an RpcException) and the gateway receives. */
export interface ServiceErrorPayload {
  status: number;
  body: ErrorBody;
}

export function isServiceErrorPayload(value: unknown): value is ServiceErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { status?: unknown; body?: unknown };
  return (
    typeof candidate.status === 'number' &&
    typeof candidate.body === 'object' &&
    candidate.body !== null &&
    typeof (candidate.body as { error?: unknown }).error === 'string'
  );
}
