import type { Caller, CallerRequest, Plan } from './caller';
import { EMAIL_MAX_LENGTH } from './limits';
import type { PageMeta, PageRequest } from './pagination';
import type { ApiKeyScope } from './permissions';
import type { Rpc } from './rpc';
import { textCharacterProblem } from './stored-text';

/** Subjects answered by users-service (queue group `users-service`). */
export const UsersSubjects = {
  createAccount: 'users.accounts.create',
  getAccount: 'users.accounts.get',
  requestSignInCode: 'users.auth.request_code',
  verifySignInCode: 'users.auth.verify_code',
  resolveApiKey: 'users.auth.resolve_api_key',
  resolveAccessToken: 'users.auth.resolve_access_token',
  listApiKeys: 'users.api_keys.list',
  createApiKey: 'users.api_keys.create',
  getApiKey: 'users.api_keys.get',
  revokeApiKey: 'users.api_keys.revoke',
  adminCreateAccount: 'users.admin.create_account',
  /** sign-in of a generated app's own users, by e-mailed code (the edge calls these) */
  appUserRequestCode: 'users.app_users.request_code',
  appUserVerifyCode: 'users.app_users.verify_code',
  appUserResolveSession: 'users.app_users.resolve_session',
  appUserSignOut: 'users.app_users.sign_out',
} as const;

/**
 * Fire-and-forget messages (no reply). `recordApiKeyUsage` goes to one users-service replica;
 * `credentialsRevoked` is a broadcast every gateway replica hears (no queue group), so a revoked
 * key stops working on all of them at once.
 */
export const UsersEvents = {
  recordApiKeyUsage: 'users.api_keys.usage',
  credentialsRevoked: 'users.credentials.revoked',
} as const;

/** Every raw API key starts with this; a bearer credential with it is treated as an API key. */
export const API_KEY_PREFIX = 'svc_';
/** Every magic-code access token starts with this. */
export const ACCESS_TOKEN_PREFIX = 'at_';
/** Lifetime of a magic-code access token. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Bounds of `expires_in_days` when creating an API key. */
export const API_KEY_MAX_EXPIRES_IN_DAYS = 3650;

export interface AccountView {
  id: number;
  email: string;
  name: string | null;
  plan: Plan;
  credits: number;
  created_at: string;
}

export interface ApiKeyView {
  id: number;
  name: string;
  key_prefix: string;
  masked_key: string;
  scope: ApiKeyScope;
  scope_description: string;
  active: boolean;
  expired: boolean;
  expires_at: string | null;
  last_used_at: string | null;
  request_count: number;
  created_at: string;
}

export interface CreateAccountRequest {
  email: string;
  name?: string;
}
export interface CreateAccountResponse {
  account: AccountView;
  message: string;
}

export interface RequestSignInCodeRequest {
  email: string;
}
export interface MessageResponse {
  message: string;
}

export interface VerifySignInCodeRequest {
  email: string;
  code: string;
}
export interface VerifySignInCodeResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  account: AccountView;
}

/** The gateway sends the SHA-256 hex of the presented secret; raw credentials never cross the bus. */
export interface ResolveCredentialRequest {
  secret_hash: string;
}
export interface ResolveCredentialResponse {
  caller: Caller;
  /** When the credential stops working by itself (ISO 8601), so a cache never outlives it. */
  expires_at: string | null;
}

export interface ListApiKeysRequest extends CallerRequest, PageRequest {}
export interface ListApiKeysResponse {
  api_keys: ApiKeyView[];
  meta: PageMeta;
}

export interface CreateApiKeyRequest extends CallerRequest {
  name?: string;
  scope?: ApiKeyScope;
  expires_in_days?: number;
}
export interface CreateApiKeyResponse {
  raw_key: string;
  api_key: ApiKeyView;
  warning: string;
}

export interface ApiKeyByIdRequest extends CallerRequest {
  id: number;
}
export interface ApiKeyResponse {
  api_key: ApiKeyView;
}
export interface RevokeApiKeyResponse {
  success: true;
  message: string;
  api_key: ApiKeyView;
}

export interface AdminCreateAccountRequest {
  email: string;
  plan?: Plan;
  name?: string;
}
export interface AdminCreateAccountResponse {
  account: AccountView;
  raw_key: string;
  api_key: ApiKeyView;
}

export interface ApiKeyUsage {
  key_id: number;
  count: number;
  last_used_at: string;
}
export interface RecordApiKeyUsageMessage {
  usages: ApiKeyUsage[];
}

export interface CredentialsRevokedMessage {
  key_ids: number[];
}

/** The App user resource (contract section 2): one person's access record for one app. */
export interface AppUserView {
  id: number;
  app_id: string;
  email: string;
  access_tier: 'free' | 'basic' | 'pro' | 'premium' | 'enterprise';
  tier_granted_at: string;
  tier_expires_at: string | null;
  revoked: boolean;
  revoked_at?: string;
  first_accessed_at: string;
  last_accessed_at: string;
  access_count: number;
}

export interface AppUserRequestCodeRequest {
  app_id: string;
  /** the account that owns the app (app users are that account's records) */
  account_id: number;
  app_name: string;
  email: string;
}
export interface AppUserVerifyCodeRequest {
  app_id: string;
  account_id: number;
  email: string;
  code: string;
}
export interface AppUserSessionResponse {
  /** opaque; the edge sets it as the app's session cookie */
  session_token: string;
  expires_in: number;
  app_user: AppUserView;
}
export interface AppUserSessionRequest {
  app_id: string;
  /** SHA-256 hex of the session cookie */
  session_hash: string;
}

export interface UsersRpc {
  [UsersSubjects.createAccount]: Rpc<CreateAccountRequest, CreateAccountResponse>;
  [UsersSubjects.getAccount]: Rpc<CallerRequest, { account: AccountView }>;
  [UsersSubjects.requestSignInCode]: Rpc<RequestSignInCodeRequest, MessageResponse>;
  [UsersSubjects.verifySignInCode]: Rpc<VerifySignInCodeRequest, VerifySignInCodeResponse>;
  [UsersSubjects.resolveApiKey]: Rpc<ResolveCredentialRequest, ResolveCredentialResponse>;
  [UsersSubjects.resolveAccessToken]: Rpc<ResolveCredentialRequest, ResolveCredentialResponse>;
  [UsersSubjects.listApiKeys]: Rpc<ListApiKeysRequest, ListApiKeysResponse>;
  [UsersSubjects.createApiKey]: Rpc<CreateApiKeyRequest, CreateApiKeyResponse>;
  [UsersSubjects.getApiKey]: Rpc<ApiKeyByIdRequest, ApiKeyResponse>;
  [UsersSubjects.revokeApiKey]: Rpc<ApiKeyByIdRequest, RevokeApiKeyResponse>;
  [UsersSubjects.adminCreateAccount]: Rpc<AdminCreateAccountRequest, AdminCreateAccountResponse>;
  [UsersSubjects.appUserRequestCode]: Rpc<AppUserRequestCodeRequest, MessageResponse>;
  [UsersSubjects.appUserVerifyCode]: Rpc<AppUserVerifyCodeRequest, AppUserSessionResponse>;
  [UsersSubjects.appUserResolveSession]: Rpc<AppUserSessionRequest, { app_user: AppUserView }>;
  [UsersSubjects.appUserSignOut]: Rpc<AppUserSessionRequest, { success: true }>;
}

export interface UsersMessages {
  [UsersEvents.recordApiKeyUsage]: RecordApiKeyUsageMessage;
  [UsersEvents.credentialsRevoked]: CredentialsRevokedMessage;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * The canonical form of an e-mail address (trimmed, lowercased), or null when it is not one.
 * Shared so the gateway, the CLI and users-service accept exactly the same addresses.
 */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  // An address holding a control or bidi character would be mailed or shown as something else than it reads.
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) && textCharacterProblem(email, 'single') === null ? email : null;
}
