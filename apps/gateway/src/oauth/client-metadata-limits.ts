/**
 * Anyone may register a client, and users-service keeps it until it has gone unused for a while: each one stays
 * small. Types and URI syntax are oidc-provider's to check; these are only sizes.
 */
export const CLIENT_METADATA_LIMITS = {
  redirectUris: 10,
  /** any list (redirect_uris, contacts, post_logout_redirect_uris…) */
  listEntries: 10,
  clientNameLength: 100,
  /** any other text: each URI, each list entry */
  textLength: 1000,
  /** the whole metadata as JSON (a key set included) */
  totalBytes: 16 * 1024,
} as const;

/**
 * What is too large in a client's metadata, as the `error_description` of a refusal; undefined when nothing is.
 * oidc-provider answers a description that starts with `redirect_uris` as `invalid_redirect_uri`, any other as
 * `invalid_client_metadata`.
 */
export function oversizedClientMetadata(metadata: Record<string, unknown>): string | undefined {
  const limits = CLIENT_METADATA_LIMITS;
  const redirectUris = metadata['redirect_uris'];
  if (Array.isArray(redirectUris) && redirectUris.length > limits.redirectUris) {
    return `redirect_uris must have at most ${limits.redirectUris} entries`;
  }
  const clientName = metadata['client_name'];
  if (typeof clientName === 'string' && clientName.length > limits.clientNameLength) {
    return `client_name must be at most ${limits.clientNameLength} characters`;
  }
  for (const [field, value] of Object.entries(metadata)) {
    if (typeof value === 'string' && value.length > limits.textLength) return `${field} must be at most ${limits.textLength} characters`;
    if (!Array.isArray(value)) continue;
    if (value.length > limits.listEntries) return `${field} must have at most ${limits.listEntries} entries`;
    if (value.some((entry) => typeof entry === 'string' && entry.length > limits.textLength)) {
      return `each of ${field} must be at most ${limits.textLength} characters`;
    }
  }
  if (Buffer.byteLength(JSON.stringify(metadata)) > limits.totalBytes) return `the client metadata must be at most ${limits.totalBytes} bytes as JSON`;
  return undefined;
}
