import { AppId, AppStatus, Prompt } from './apps.contract';
import { CallerFields } from './caller';
import { GENERATION_JOB_STATUSES } from './generation.contract';
import { rpc, type RpcTypes } from './rpc';
import { Closed, Named, Nullable, StringEnum, Timestamp, Type, type Static } from './schema';
import { Email } from './users.contract';

/*
 * Anonymous builds and claims (contract 2 "Anonymous build (claim package)", 3, 4.8, 8; decisions.md "Anonymous
 * builds and claims"). claim-service owns them; the gateway serves the public routes and the claim page.
 */

/** Subjects answered by claim-service (queue group `claim-service`). */
export const ClaimSubjects = {
  /** POST /anonymous_builds: queues the generation of an app no account owns and answers its claim package */
  create: 'claim.builds.create',
  /** GET /anonymous_builds/:id: the build's state, never its token */
  get: 'claim.builds.get',
  /** the claim page: what a claim token names (the app, and whether it can still be claimed) */
  findByToken: 'claim.builds.find_by_token',
  /** POST /anonymous_builds/:id/claim and the claim page's Claim button: moves the app into the caller's account */
  claim: 'claim.builds.claim',
} as const;

/** How long an anonymous build waits for its claim before it is deleted (contract section 8; `CLAIM_WINDOW_HOURS`). */
export const DEFAULT_CLAIM_WINDOW_HOURS = 48;

/** A per-IP limit: at most `limit` requests in each window of `windowSeconds`. */
export interface WindowLimit {
  limit: number;
  windowSeconds: number;
}

/** Contract section 8, "Build rate": POST /anonymous_builds per client IP. */
export const ANONYMOUS_BUILD_RATE_LIMITS: readonly WindowLimit[] = [
  { limit: 1, windowSeconds: 60 },
  { limit: 3, windowSeconds: 3600 },
  { limit: 10, windowSeconds: 86_400 },
];

/** Contract section 8, "Claim rate": GET {site_url}/claim/:token and POST /anonymous_builds/:id/claim share it, per client IP. */
export const CLAIM_RATE_LIMITS: readonly WindowLimit[] = [
  { limit: 3, windowSeconds: 60 },
  { limit: 20, windowSeconds: 3600 },
  { limit: 50, windowSeconds: 86_400 },
];

/** Claim tokens: `clm_` and 43 base64url characters (32 random bytes). Anything longer names no build. */
export const CLAIM_TOKEN_PREFIX = 'clm_';
export const CLAIM_TOKEN_MAX_LENGTH = 128;

/** What a visitor sends as a claim token: any short text; one that names no build (or another's) is 404. */
export const ClaimToken = Type.String({ minLength: 1, maxLength: CLAIM_TOKEN_MAX_LENGTH, description: 'the `claim_token` of the claim package' });

/** The keyed SHA-256 (HMAC, hex) of the client IP the gateway computed; the raw IP never leaves the gateway. */
export const ClientIpHash = Type.String({ pattern: '^[0-9a-f]{64}$' });

/** Body of POST /anonymous_builds (contract 4.8). */
export const AnonymousBuildBody = Named(
  'AnonymousBuildBody',
  Closed({
    prompt: {
      ...Prompt,
      'x-missing': { code: 'missing_prompt', message: 'prompt is required: describe the app to build' },
      description: 'what to build; missing or empty: 400 missing_prompt',
      example: 'A habit tracker where I tick off daily habits and see my streaks',
    },
    email: Type.Optional({ ...Email, description: 'where to send the claim link; used for nothing else' }),
  }),
);
export type AnonymousBuildBody = Static<typeof AnonymousBuildBody>;

export const CreateAnonymousBuildRequest = Closed({ ...AnonymousBuildBody.properties, prompt: Prompt, ip_hash: ClientIpHash });
export type CreateAnonymousBuildRequest = Static<typeof CreateAnonymousBuildRequest>;

/** The claim package (contract section 2), the 201 body of POST /anonymous_builds. */
export const ClaimPackage = Named(
  'ClaimPackage',
  Closed({
    success: Type.Literal(true),
    app_id: Type.String(),
    name: Type.String(),
    preview_url: Type.String({ format: 'uri', description: 'where the app will be previewed once generated' }),
    claim_token: Type.String({ description: 'keep it secret: whoever holds it can claim the app' }),
    claim_url: Type.String({ format: 'uri', description: '`{site_url}/claim/<claim_token>`: the page that signs the visitor in and claims' }),
    expires_at: Timestamp,
  }),
);
export type ClaimPackage = Static<typeof ClaimPackage>;

export const AnonymousBuildByIdRequest = Closed({ id: AppId });
export type AnonymousBuildByIdRequest = Static<typeof AnonymousBuildByIdRequest>;

/** GET /anonymous_builds/:id (decisions.md "Anonymous builds and claims"); never the token. */
export const AnonymousBuildView = Named(
  'AnonymousBuild',
  Closed({
    app_id: Type.String(),
    name: Type.String(),
    status: AppStatus,
    preview_url: Nullable(Type.String({ format: 'uri' })),
    claimed: Type.Boolean(),
    expires_at: Timestamp,
    generation: Closed({
      status: StringEnum(GENERATION_JOB_STATUSES),
      progress: Type.Integer({ minimum: 0, maximum: 100 }),
      message: Type.String(),
    }),
  }),
);
export type AnonymousBuildView = Static<typeof AnonymousBuildView>;

export const CLAIM_STATES = ['claimable', 'claimed', 'expired'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

export const FindByTokenRequest = Closed({ claim_token: ClaimToken });
export type FindByTokenRequest = Static<typeof FindByTokenRequest>;

/** What the claim page shows for a token: 404 when it names no build. */
export const ClaimableBuild = Closed({
  /** `claimable` until claimed or past `expires_at` */
  state: StringEnum(CLAIM_STATES),
  /** the build as GET /anonymous_builds/:id shows it; null once expired (its app is, or is about to be, deleted) */
  build: Nullable(AnonymousBuildView),
  expires_at: Timestamp,
});
export type ClaimableBuild = Static<typeof ClaimableBuild>;

export const ClaimBody = Named('ClaimBody', Closed({ claim_token: ClaimToken }));
export type ClaimBody = Static<typeof ClaimBody>;

export const ClaimRequest = Closed({ ...CallerFields, id: AppId, claim_token: ClaimToken });
export type ClaimRequest = Static<typeof ClaimRequest>;

/** claim-service's answer; the gateway adds the app's detail view for the 200 body. */
export const ClaimResult = Closed({ app_id: Type.String(), message: Type.String() });
export type ClaimResult = Static<typeof ClaimResult>;

export const CLAIM_RPC = {
  [ClaimSubjects.create]: rpc(CreateAnonymousBuildRequest, ClaimPackage),
  [ClaimSubjects.get]: rpc(AnonymousBuildByIdRequest, AnonymousBuildView),
  [ClaimSubjects.findByToken]: rpc(FindByTokenRequest, ClaimableBuild),
  [ClaimSubjects.claim]: rpc(ClaimRequest, ClaimResult),
};
export type ClaimRpc = RpcTypes<typeof CLAIM_RPC>;
