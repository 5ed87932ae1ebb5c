import { Closed, Named, StringEnum, Type, type Static } from './schema';
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
  /** POST /credit_packs/checkout with a missing or unknown `pack_name` (decisions.md): the body lists `allowed` */
  unknown_pack: 422,
  /** the contract's deploy refusal (section 7): its `error` is this sentence, with reason and suggested_action */
  'App is not deployable': 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  upstream_timeout: 504,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const FieldError = Named(
  'FieldError',
  Closed({
    field: Type.String({ description: 'the field, dotted for nested ones (`columns.0.name`)', example: 'name' }),
    message: Type.String({ example: 'must be at most 100 characters' }),
  }),
);
export type FieldError = Static<typeof FieldError>;

/** Every non-2xx body (decisions.md "Errors"); some errors add fields of their own (the deploy refusal's `reason`). */
export const ErrorBody = Named(
  'Error',
  Type.Object(
    {
      error: StringEnum(Object.keys(ERROR_CODES) as ErrorCode[], { description: 'a stable code; one of the listed values', example: 'not_found' }),
      message: Type.String({ description: 'what went wrong, for people', example: 'App k3x9q2m7w1ab was not found' }),
      errors: Type.Optional(Type.Array(FieldError, { description: 'each invalid field (422 validation_failed)' })),
    },
    { additionalProperties: true },
  ),
);
export type ErrorBody = Omit<Static<typeof ErrorBody>, 'error'> & { error: string; [extra: string]: unknown };

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
