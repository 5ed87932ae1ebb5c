import { ACCESS_TIERS, AccessTier } from './access-tiers';
import { AppIdField } from './apps.contract';
import { Caller, CallerFields, PLANS } from './caller';
import { EMAIL_MAX_LENGTH, TEXT_LIMITS } from './limits';
import { PageFields, PageMeta, PageQueryFields } from './pagination';
import { API_KEY_SCOPES, GRANTS } from './permissions';
import { rpc, type MessageTypes, type RpcTypes } from './rpc';
import { Closed, IntegerId, Named, Nullable, StoredText, StringEnum, Timestamp, Type, type Static } from './schema';
import { textCharacterProblem } from './stored-text';

/** Subjects answered by users-service (queue group `users-service`). */
export const UsersSubjects = {
  createAccount: 'users.accounts.create',
  getAccount: 'users.accounts.get',
  requestSignInCode: 'users.auth.request_code',
  verifySignInCode: 'users.auth.verify_code',
  resolveApiKey: 'users.auth.resolve_api_key',
  resolveAccessToken: 'users.auth.resolve_access_token',
  /** ends a sign-in access token before it expires (the console's sign-out); every gateway forgets it at once */
  revokeAccessToken: 'users.auth.revoke_access_token',
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
  /** the account's management of its apps' users (the gateway's /managed_users) */
  listAppUsers: 'users.app_users.list',
  grantAppUserAccess: 'users.app_users.grant',
  revokeAppUser: 'users.app_users.revoke',
  /** how many app users each app has who are not revoked (`users_count` of the app detail) */
  countAppUsers: 'users.app_users.count',
  /** checks an e-mailed sign-in code without minting an access token (the OAuth sign-in page) */
  confirmSignInCode: 'users.auth.confirm_code',
  resolveOAuthToken: 'users.auth.resolve_oauth_token',
  /** the OAuth server's storage (oidc-provider's Adapter, run by the gateway) */
  oauthUpsert: 'users.oauth.upsert',
  oauthFind: 'users.oauth.find',
  oauthFindByUid: 'users.oauth.find_by_uid',
  oauthFindByUserCode: 'users.oauth.find_by_user_code',
  oauthConsume: 'users.oauth.consume',
  oauthDestroy: 'users.oauth.destroy',
  oauthRevokeByGrantId: 'users.oauth.revoke_by_grant_id',
  /** the OAuth server's signing and cookie keys, the same for every gateway replica */
  oauthProviderKeys: 'users.oauth.provider_keys',
  /** an account by id, for the OAuth server's claims about whoever signed in */
  oauthFindAccount: 'users.oauth.find_account',
  /** claim-service mails an anonymous build's claim link to the address its visitor gave (through the mail outbox) */
  mailClaimLink: 'users.mail.claim_link',
} as const;



/**
 * Fire-and-forget messages (no reply). `recordApiKeyUsage` and `recordAppUserAccess` go to one users-service
 * replica; `credentialsRevoked` is a broadcast every gateway replica hears (no queue group), so a revoked
 * key stops working on all of them at once; so is `appUsersChanged`, announced (RpcClient.announce) after an
 * app's users change and before users-service answers, so no gateway answers a stale `users_count` after it.
 */
export const UsersEvents = {
  recordApiKeyUsage: 'users.api_keys.usage',
  credentialsRevoked: 'users.credentials.revoked',
  /** the edge's batched counts of signed-in requests to generated apps */
  recordAppUserAccess: 'users.app_users.access',
  /** an app gained, lost or regained a user (grant, revoke, first sign-in) */
  appUsersChanged: 'users.app_users.changed',
} as const;

/** Every raw API key starts with this; a bearer credential with it is treated as an API key. */
export const API_KEY_PREFIX = 'svc_';
/** Every magic-code access token starts with this. */
export const ACCESS_TOKEN_PREFIX = 'at_';
/** Lifetime of a magic-code access token. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** Bounds of `expires_in_days` when creating an API key. */
export const API_KEY_MAX_EXPIRES_IN_DAYS = 3650;

/** An e-mail address as users-service accepts it (normalizeEmail below: the same rule everywhere), trimmed. */
export const Email = Type.String({
  format: 'account-email',
  maxLength: EMAIL_MAX_LENGTH,
  'x-trim': true,
  'x-message': 'must be a valid e-mail address',
  example: 'ada@example.com',
});

/**
 * An account as users-service keeps it. Its credits are not here: billing-service's ledger owns them, and the
 * gateway adds the balance when it answers (AccountView).
 */
export const AccountRecord = Closed({
  id: Type.Integer(),
  email: Type.String(),
  name: Nullable(Type.String()),
  plan: StringEnum(PLANS),
  created_at: Timestamp,
});
export type AccountRecord = Static<typeof AccountRecord>;

/** An account as the API shows it: its record and its credit balance. */
export const AccountView = Named(
  'Account',
  Closed({
    id: AccountRecord.properties.id,
    email: AccountRecord.properties.email,
    name: AccountRecord.properties.name,
    plan: AccountRecord.properties.plan,
    credits: Type.Integer({ description: 'the credit balance' }),
    created_at: AccountRecord.properties.created_at,
  }),
);
export type AccountView = Static<typeof AccountView>;

export const ApiKeyView = Named(
  'ApiKey',
  Closed({
    id: Type.Integer(),
    name: Type.String(),
    key_prefix: Type.String({ example: 'svc_Ab3dE5gH' }),
    masked_key: Type.String({ example: 'svc_Ab3dE5gH...x9Z2' }),
    scope: StringEnum(API_KEY_SCOPES),
    scope_description: Type.String(),
    active: Type.Boolean(),
    expired: Type.Boolean(),
    expires_at: Nullable(Timestamp),
    last_used_at: Nullable(Timestamp),
    request_count: Type.Integer(),
    created_at: Timestamp,
  }),
);
export type ApiKeyView = Static<typeof ApiKeyView>;

/** Body of POST /accounts. */
export const CreateAccountBody = Named(
  'CreateAccountRequest',
  Closed({
    email: Email,
    name: Type.Optional(StoredText(TEXT_LIMITS.accountName, { 'x-trim': true, description: 'one line', example: 'Ada Lovelace' })),
  }),
);
export const CreateAccountRequest = CreateAccountBody;
export type CreateAccountRequest = Static<typeof CreateAccountRequest>;
export const CreateAccountResponse = Named('CreateAccountResponse', Closed({ account: AccountView, message: Type.String() }));
export type CreateAccountResponse = Static<typeof CreateAccountResponse>;
/** users-service's answer to a sign-up: the gateway adds the balance to make CreateAccountResponse. */
export const CreateAccountReply = Closed({ account: AccountRecord, message: Type.String() });
export type CreateAccountReply = Static<typeof CreateAccountReply>;

export const RequestSignInCodeRequest = Closed({ email: Email });
export type RequestSignInCodeRequest = Static<typeof RequestSignInCodeRequest>;
export const MessageResponse = Named('MessageResponse', Closed({ message: Type.String() }));
export type MessageResponse = Static<typeof MessageResponse>;

/** A sign-in code as mailed: six digits. */
export const SignInCode = Type.String({
  pattern: '^\\d{6}$',
  'x-trim': true,
  'x-message': 'must be the 6 digits from the sign-in mail',
  example: '482913',
  description: 'the 6-digit code from the sign-in mail',
});

/** Body of POST /auth/magic_code: `{email}` mails a code, `{email, code}` exchanges it for a token. */
export const MagicCodeBody = Named('MagicCodeRequest', Closed({ email: Email, code: Type.Optional(SignInCode) }));
export type MagicCodeBody = Static<typeof MagicCodeBody>;
export const VerifySignInCodeRequest = Closed({ email: Email, code: SignInCode });
export type VerifySignInCodeRequest = Static<typeof VerifySignInCodeRequest>;
export const VerifySignInCodeResponse = Named(
  'AccessToken',
  Closed({ access_token: Type.String(), token_type: Type.Literal('Bearer'), expires_in: Type.Integer(), account: AccountView }),
);
export type VerifySignInCodeResponse = Static<typeof VerifySignInCodeResponse>;
/** users-service's answer to a right code: the gateway adds the balance to make VerifySignInCodeResponse. */
export const VerifySignInCodeReply = Closed({ ...VerifySignInCodeResponse.properties, account: AccountRecord });
export type VerifySignInCodeReply = Static<typeof VerifySignInCodeReply>;

/** SHA-256 hex: how a credential or an OAuth record id travels and is stored; raw secrets never cross the bus. */
export const Sha256Hex = Type.String({ pattern: '^[0-9a-f]{64}$' });

/** The gateway sends the SHA-256 hex of the presented secret. */
export const ResolveCredentialRequest = Closed({ secret_hash: Sha256Hex });
export type ResolveCredentialRequest = Static<typeof ResolveCredentialRequest>;
export const ResolveCredentialResponse = Closed({
  caller: Caller,
  /** When the credential stops working by itself (ISO 8601), so a cache never outlives it. */
  expires_at: Nullable(Timestamp),
  /** the OAuth client the token was issued to (OAuth tokens only) */
  client_id: Type.Optional(Type.String()),
});
export type ResolveCredentialResponse = Static<typeof ResolveCredentialResponse>;

export const ListApiKeysRequest = Closed({ ...CallerFields, ...PageFields });
export type ListApiKeysRequest = Static<typeof ListApiKeysRequest>;
export const ListApiKeysResponse = Named('ApiKeyList', Closed({ api_keys: Type.Array(ApiKeyView), meta: PageMeta }));
export type ListApiKeysResponse = Static<typeof ListApiKeysResponse>;

/** Body of POST /api_keys. */
export const CreateApiKeyBody = Named(
  'CreateApiKeyRequest',
  Closed({
    name: Type.Optional(StoredText(TEXT_LIMITS.apiKeyName, { 'x-trim': true, description: 'one line', example: 'CI deploys' })),
    scope: Type.Optional(StringEnum(API_KEY_SCOPES, { description: 'never wider than the scope of the calling key (403)' })),
    expires_in_days: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: API_KEY_MAX_EXPIRES_IN_DAYS,
        'x-message': `must be an integer from 1 to ${API_KEY_MAX_EXPIRES_IN_DAYS}`,
        description: 'omitted: the key never expires',
      }),
    ),
  }),
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;
export const CreateApiKeyRequest = Closed({ ...CallerFields, ...CreateApiKeyBody.properties });
export type CreateApiKeyRequest = Static<typeof CreateApiKeyRequest>;
export const CreateApiKeyResponse = Named(
  'CreateApiKeyResponse',
  Closed({ raw_key: Type.String({ description: 'the key itself; shown in this response only' }), api_key: ApiKeyView, warning: Type.String() }),
);
export type CreateApiKeyResponse = Static<typeof CreateApiKeyResponse>;

export const ApiKeyByIdRequest = Closed({ ...CallerFields, id: IntegerId });
export type ApiKeyByIdRequest = Static<typeof ApiKeyByIdRequest>;
export const ApiKeyResponse = Named('ApiKeyResponse', Closed({ api_key: ApiKeyView }));
export type ApiKeyResponse = Static<typeof ApiKeyResponse>;
export const RevokeApiKeyResponse = Named('RevokeApiKeyResponse', Closed({ success: Type.Literal(true), message: Type.String(), api_key: ApiKeyView }));
export type RevokeApiKeyResponse = Static<typeof RevokeApiKeyResponse>;

export const AdminCreateAccountRequest = Closed({
  email: Email,
  plan: Type.Optional(StringEnum(PLANS)),
  name: CreateAccountBody.properties.name,
});
export type AdminCreateAccountRequest = Static<typeof AdminCreateAccountRequest>;
export const AdminCreateAccountResponse = Closed({ account: AccountRecord, raw_key: Type.String(), api_key: ApiKeyView });
export type AdminCreateAccountResponse = Static<typeof AdminCreateAccountResponse>;

export const ApiKeyUsage = Closed({ key_id: Type.Integer({ minimum: 1 }), count: Type.Integer({ minimum: 1 }), last_used_at: Timestamp });
export type ApiKeyUsage = Static<typeof ApiKeyUsage>;
export const RecordApiKeyUsageMessage = Closed({ usages: Type.Array(ApiKeyUsage) });
export type RecordApiKeyUsageMessage = Static<typeof RecordApiKeyUsageMessage>;

export const CredentialsRevokedMessage = Closed({
  key_ids: Type.Array(Type.Integer({ minimum: 1 })),
  /** SHA-256 of OAuth access tokens revoked (one, or every token of a revoked grant) */
  token_hashes: Type.Optional(Type.Array(Sha256Hex)),
});
export type CredentialsRevokedMessage = Static<typeof CredentialsRevokedMessage>;

export const AppUsersChangedMessage = Closed({ app_id: Type.String({ minLength: 1, maxLength: 64 }) });
export type AppUsersChangedMessage = Static<typeof AppUsersChangedMessage>;

/** The most apps one `countAppUsers` asks about. */
export const APP_USER_COUNT_MAX_APPS = 100;

const appUserFields = {
  id: Type.Integer({ example: 5 }),
  app_id: Type.String({ example: 'k3x9q2m7w1ab' }),
  email: Type.String({ example: 'member@example.com' }),
  access_tier: StringEnum(ACCESS_TIERS, { description: 'as granted; `free` applies once tier_expires_at has passed' }),
  tier_granted_at: Timestamp,
  tier_expires_at: Nullable(Timestamp, { description: 'null: the tier does not expire' }),
};

/** The App user resource (contract section 2): one person's access record for one app. */
export const AppUserView = Named(
  'AppUser',
  Closed({
    ...appUserFields,
    revoked: Type.Boolean(),
    revoked_at: Type.Optional({ ...Timestamp, description: 'present after revocation' }),
    /** null for a user granted access who has not signed in yet */
    first_accessed_at: Nullable(Timestamp, { description: 'null until the user first signs in' }),
    last_accessed_at: Nullable(Timestamp, { description: 'null until the user first signs in' }),
    access_count: Type.Integer({ description: 'sign-ins and signed-in requests to the app' }),
  }),
);
export type AppUserView = Static<typeof AppUserView>;

/** Query of GET /managed_users. */
export const ListAppUsersQuery = Closed({
  app_id: Type.Optional({ ...AppIdField, 'x-trim': true, description: "only this app's users (404 for an app that is not the account's)" }),
  tier: Type.Optional(StringEnum(ACCESS_TIERS, { description: 'only users granted this tier' })),
  email: Type.Optional(Type.String({ maxLength: EMAIL_MAX_LENGTH, 'x-trim': true, description: 'users whose e-mail contains this (case-insensitive)' })),
  ...PageQueryFields,
});
export type ListAppUsersQuery = Static<typeof ListAppUsersQuery>;
export const ListAppUsersRequest = Closed({ ...CallerFields, ...ListAppUsersQuery.properties, ...PageFields });
export type ListAppUsersRequest = Static<typeof ListAppUsersRequest>;
export const ListAppUsersResponse = Named('AppUserList', Closed({ app_users: Type.Array(AppUserView), meta: PageMeta }));
export type ListAppUsersResponse = Static<typeof ListAppUsersResponse>;

/** Body of POST /managed_users/grant_access. */
export const GrantAccessBody = Named(
  'GrantAccessRequest',
  Closed({
    app_id: { ...AppIdField, 'x-trim': true, description: "one of the account's apps", example: 'k3x9q2m7w1ab' },
    email: { ...Email, example: 'member@example.com' },
    tier: Type.Optional(StringEnum(ACCESS_TIERS, { description: 'default: free' })),
    expires_at: Type.Optional({
      ...Timestamp,
      'x-message': 'must be an ISO 8601 timestamp',
      description: 'when the tier lapses to free; in the future. Omitted: it does not expire',
      example: '2030-01-01T00:00:00Z',
    }),
  }),
);
export type GrantAccessBody = Static<typeof GrantAccessBody>;
export const GrantAccessRequest = Closed({ ...CallerFields, ...GrantAccessBody.properties });
export type GrantAccessRequest = Static<typeof GrantAccessRequest>;
export const GrantAccessResponse = Named(
  'GrantAccessResponse',
  Closed({ app_user: Closed(appUserFields, { title: 'GrantedAppUser' }), message: Type.String() }),
);
export type GrantAccessResponse = Static<typeof GrantAccessResponse>;

export const AppUserByIdRequest = Closed({ ...CallerFields, id: IntegerId });
export type AppUserByIdRequest = Static<typeof AppUserByIdRequest>;
export const RevokeAppUserResponse = Named(
  'RevokeAppUserResponse',
  Closed({
    app_user: Closed(
      {
        id: appUserFields.id,
        app_id: appUserFields.app_id,
        email: appUserFields.email,
        access_tier: appUserFields.access_tier,
        revoked: Type.Literal(true),
        revoked_at: Timestamp,
      },
      { title: 'RevokedAppUser' },
    ),
    message: Type.String(),
  }),
);
export type RevokeAppUserResponse = Static<typeof RevokeAppUserResponse>;

export const CountAppUsersRequest = Closed({ app_ids: Type.Array(AppIdField, { maxItems: APP_USER_COUNT_MAX_APPS }) });
export type CountAppUsersRequest = Static<typeof CountAppUsersRequest>;
/** Every app asked about, with 0 for one that has no users (or is unknown). */
export const CountAppUsersResponse = Closed({ counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })) });
export type CountAppUsersResponse = Static<typeof CountAppUsersResponse>;

export const AppUserAccess = Closed({ app_user_id: IntegerId, count: Type.Integer({ minimum: 1 }), at: Timestamp });
export type AppUserAccess = Static<typeof AppUserAccess>;
export const RecordAppUserAccessMessage = Closed({ accesses: Type.Array(AppUserAccess) });
export type RecordAppUserAccessMessage = Static<typeof RecordAppUserAccessMessage>;

export const AppUserRequestCodeRequest = Closed({
  app_id: AppIdField,
  /** the account that owns the app (app users are that account's records) */
  account_id: Type.Integer({ minimum: 1 }),
  app_name: Type.String(),
  email: Email,
});
export type AppUserRequestCodeRequest = Static<typeof AppUserRequestCodeRequest>;
export const AppUserVerifyCodeRequest = Closed({ app_id: AppIdField, account_id: Type.Integer({ minimum: 1 }), email: Email, code: SignInCode });
export type AppUserVerifyCodeRequest = Static<typeof AppUserVerifyCodeRequest>;
export const AppUserSessionResponse = Closed({
  /** opaque; the edge sets it as the app's session cookie */
  session_token: Type.String(),
  expires_in: Type.Integer(),
  app_user: AppUserView,
});
export type AppUserSessionResponse = Static<typeof AppUserSessionResponse>;
export const AppUserSessionRequest = Closed({
  app_id: AppIdField,
  /** SHA-256 hex of the session cookie */
  session_hash: Type.String({ pattern: '^[0-9a-f]{64}$' }),
});
export type AppUserSessionRequest = Static<typeof AppUserSessionRequest>;
/** The signed-in app user; the edge judges the tier they are served with effectiveTier at each answer. */
export const AppUserResolveSessionResponse = Closed({ app_user: AppUserView });
export type AppUserResolveSessionResponse = Static<typeof AppUserResolveSessionResponse>;

/** GET /account: whose credential this is and what it may do. */
export const CREDENTIAL_TYPES = ['api_key', 'sign_in_token', 'oauth'] as const;
export const CurrentAccountResponse = Named(
  'CurrentAccount',
  Closed({
    account: Closed(
      {
        ...AccountView.properties,
        email_verified: Type.Literal(true, { description: 'the address signs in by e-mailed code, so appgen vouches for it' }),
      },
      { title: 'VerifiedAccount' },
    ),
    credential: Closed(
      {
        type: StringEnum(CREDENTIAL_TYPES, { description: 'an API key, a sign-in token (POST /auth/magic_code) or an OAuth access token' }),
        scopes: Type.Array(StringEnum(GRANTS), { description: 'the permissions this credential grants' }),
        client_id: Type.Optional(Type.String({ description: 'the OAuth client the token was issued to (OAuth tokens only)' })),
      },
      { title: 'CredentialInfo' },
    ),
  }),
);
export type CurrentAccountResponse = Static<typeof CurrentAccountResponse>;

/** What the OAuth sign-in page learns from a right code: whose account it is, and nothing to sign in with. */
export const ConfirmSignInCodeResponse = Closed({ account: AccountRecord });
export type ConfirmSignInCodeResponse = Static<typeof ConfirmSignInCodeResponse>;

/** oidc-provider's model names whose records the OAuth storage keeps (its Adapter is made per model). */
export const OAUTH_MODELS = [
  'Session',
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'ClientCredentials',
  'Client',
  'InitialAccessToken',
  'RegistrationAccessToken',
  'Interaction',
  'ReplayDetection',
  'PushedAuthorizationRequest',
  'Grant',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
] as const;
export type OAuthModel = (typeof OAUTH_MODELS)[number];
/** The largest payload one OAuth record may hold as JSON (a registered client with many redirect URIs fits). */
export const OAUTH_PAYLOAD_MAX_BYTES = 64 * 1024;

const OAuthModelField = StringEnum(OAUTH_MODELS);
/** A record's payload as oidc-provider writes it, the raw id (`jti`) of a token left out. */
const OAuthPayload = Type.Record(Type.String(), Type.Unknown(), { 'x-max-json-bytes': OAUTH_PAYLOAD_MAX_BYTES });
export const OAuthRecordKey = Closed({ model: OAuthModelField, id_hash: Sha256Hex });
export type OAuthRecordKey = Static<typeof OAuthRecordKey>;
export const OAuthUpsertRequest = Closed({
  model: OAuthModelField,
  id_hash: Sha256Hex,
  payload: OAuthPayload,
  /** seconds from now; omitted: the record does not expire by itself */
  expires_in: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type OAuthUpsertRequest = Static<typeof OAuthUpsertRequest>;
export const OAuthFoundResponse = Closed({ payload: Nullable(OAuthPayload) });
export type OAuthFoundResponse = Static<typeof OAuthFoundResponse>;
export const OAuthDoneResponse = Closed({ success: Type.Literal(true) });
export type OAuthDoneResponse = Static<typeof OAuthDoneResponse>;
/** A JSON Web Key as `node:crypto` exports it, with its `kid`. */
const Jwk = Type.Record(Type.String(), Type.String());
export const OAuthProviderKeysResponse = Closed({
  jwks: Closed({ keys: Type.Array(Jwk, { minItems: 1 }) }),
  cookie_keys: Type.Array(Type.String({ minLength: 32 }), { minItems: 1 }),
});
export type OAuthProviderKeysResponse = Static<typeof OAuthProviderKeysResponse>;

export { ACCESS_TIERS, AccessTier };

/** The claim link of an anonymous build, mailed once to the address given with it. */
export const MailClaimLinkRequest = Closed({
  email: Email,
  app_name: Type.String({ minLength: 1, maxLength: 200 }),
  claim_url: Type.String({ format: 'uri', maxLength: 2048 }),
  expires_at: Timestamp,
});
export type MailClaimLinkRequest = Static<typeof MailClaimLinkRequest>;

export const USERS_RPC = {
  [UsersSubjects.createAccount]: rpc(CreateAccountRequest, CreateAccountReply),
  [UsersSubjects.getAccount]: rpc(Closed(CallerFields), Closed({ account: AccountRecord })),
  [UsersSubjects.requestSignInCode]: rpc(RequestSignInCodeRequest, MessageResponse),
  [UsersSubjects.verifySignInCode]: rpc(VerifySignInCodeRequest, VerifySignInCodeReply),
  [UsersSubjects.resolveApiKey]: rpc(ResolveCredentialRequest, ResolveCredentialResponse),
  [UsersSubjects.resolveAccessToken]: rpc(ResolveCredentialRequest, ResolveCredentialResponse),
  [UsersSubjects.revokeAccessToken]: rpc(ResolveCredentialRequest, Closed({ success: Type.Literal(true) })),
  [UsersSubjects.listApiKeys]: rpc(ListApiKeysRequest, ListApiKeysResponse),
  [UsersSubjects.createApiKey]: rpc(CreateApiKeyRequest, CreateApiKeyResponse),
  [UsersSubjects.getApiKey]: rpc(ApiKeyByIdRequest, ApiKeyResponse),
  [UsersSubjects.revokeApiKey]: rpc(ApiKeyByIdRequest, RevokeApiKeyResponse),
  [UsersSubjects.adminCreateAccount]: rpc(AdminCreateAccountRequest, AdminCreateAccountResponse),
  [UsersSubjects.appUserRequestCode]: rpc(AppUserRequestCodeRequest, MessageResponse),
  [UsersSubjects.appUserVerifyCode]: rpc(AppUserVerifyCodeRequest, AppUserSessionResponse),
  [UsersSubjects.appUserResolveSession]: rpc(AppUserSessionRequest, AppUserResolveSessionResponse),
  [UsersSubjects.appUserSignOut]: rpc(AppUserSessionRequest, Closed({ success: Type.Literal(true) })),
  [UsersSubjects.listAppUsers]: rpc(ListAppUsersRequest, ListAppUsersResponse),
  [UsersSubjects.grantAppUserAccess]: rpc(GrantAccessRequest, GrantAccessResponse),
  [UsersSubjects.revokeAppUser]: rpc(AppUserByIdRequest, RevokeAppUserResponse),
  [UsersSubjects.countAppUsers]: rpc(CountAppUsersRequest, CountAppUsersResponse),
  [UsersSubjects.confirmSignInCode]: rpc(VerifySignInCodeRequest, ConfirmSignInCodeResponse),
  [UsersSubjects.resolveOAuthToken]: rpc(ResolveCredentialRequest, ResolveCredentialResponse),
  [UsersSubjects.oauthUpsert]: rpc(OAuthUpsertRequest, OAuthDoneResponse),
  [UsersSubjects.oauthFind]: rpc(OAuthRecordKey, OAuthFoundResponse),
  [UsersSubjects.oauthFindByUid]: rpc(Closed({ model: OAuthModelField, uid: Type.String({ minLength: 1, maxLength: 200 }) }), OAuthFoundResponse),
  [UsersSubjects.oauthFindByUserCode]: rpc(Closed({ model: OAuthModelField, user_code_hash: Sha256Hex }), OAuthFoundResponse),
  [UsersSubjects.oauthConsume]: rpc(OAuthRecordKey, OAuthDoneResponse),
  [UsersSubjects.oauthDestroy]: rpc(OAuthRecordKey, OAuthDoneResponse),
  [UsersSubjects.oauthRevokeByGrantId]: rpc(Closed({ model: OAuthModelField, grant_id: Type.String({ minLength: 1, maxLength: 200 }) }), OAuthDoneResponse),
  [UsersSubjects.oauthProviderKeys]: rpc(Closed({}), OAuthProviderKeysResponse),
  [UsersSubjects.oauthFindAccount]: rpc(Closed({ account_id: Type.Integer({ minimum: 1 }) }), Closed({ account: AccountRecord })),
  [UsersSubjects.mailClaimLink]: rpc(MailClaimLinkRequest, Closed({ queued: Type.Literal(true) })),
};
export type UsersRpc = RpcTypes<typeof USERS_RPC>;

export const USERS_MESSAGES = {
  [UsersEvents.recordApiKeyUsage]: RecordApiKeyUsageMessage,
  [UsersEvents.credentialsRevoked]: CredentialsRevokedMessage,
  [UsersEvents.recordAppUserAccess]: RecordAppUserAccessMessage,
  [UsersEvents.appUsersChanged]: AppUsersChangedMessage,
};
export type UsersMessages = MessageTypes<typeof USERS_MESSAGES>;

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
