import { CallerFields } from './caller';
import { AppIdField } from './apps.contract';
import { rpc, type MessageTypes, type RpcTypes } from './rpc';
import { Closed, IntegerId, Named, Nullable, StringEnum, Timestamp, Type, type Static } from './schema';

/** Subjects answered by domains-service (queue group `domains-service`). */
export const DomainsSubjects = {
  list: 'domains.custom_domains.list',
  create: 'domains.custom_domains.create',
  get: 'domains.custom_domains.get',
  delete: 'domains.custom_domains.delete',
  setPrimary: 'domains.custom_domains.set_primary',
  /** checks DNS (and, once verified, the certificate) at once */
  checkStatus: 'domains.custom_domains.check_status',
  /** starts a fresh verification cycle */
  refresh: 'domains.custom_domains.refresh',
  /** the edge: which app a host name serves, and whether it is operational */
  resolveHost: 'domains.hosts.resolve',
  /** the edge: the certificate chain and key of an operational domain, chosen by SNI */
  certificate: 'domains.certificates.get',
  /** the edge: the key authorization an ACME http-01 challenge token answers with */
  acmeChallenge: 'domains.acme.challenge',
  /** deployment-service: the app's primary domain while it is operational, for production_url */
  primaryDomain: 'domains.apps.primary',
} as const;

/**
 * Broadcasts every edge replica hears (no queue group): a domain's host or certificate changed (verified, issued,
 * renewed, removed). Announced after the commit and before the answer, like `edge.apps.changed`, so the first
 * request after the API's answer sees it.
 */
export const DomainsEvents = {
  hostChanged: 'edge.domains.changed',
} as const;

/** At most this many custom domains per app (contract section 8). */
export const MAX_CUSTOM_DOMAINS_PER_APP = 5;
/** The longest host name DNS allows (RFC 1035), and so the longest `domain`. */
export const MAX_DOMAIN_LENGTH = 253;
/** TTL of the DNS record the user is asked to create. */
export const DNS_RECORD_TTL = 300;

export const VERIFICATION_STATUSES = ['pending', 'verified', 'failed'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const SSL_STATUSES = ['pending', 'initializing', 'active', 'failed'] as const;
export type SslStatus = (typeof SSL_STATUSES)[number];
/** The edge's status of the host name (the contract's `cloudflare_status`: our edge plays the edge provider). */
export const HOSTNAME_STATUSES = ['pending', 'active', 'moved', 'deleted'] as const;
export type HostnameStatus = (typeof HOSTNAME_STATUSES)[number];

export const DnsRecord = Named(
  'DnsRecord',
  Closed({
    type: StringEnum(['CNAME', 'A'] as const, { description: 'CNAME for a subdomain, A for an apex domain' }),
    name: Type.String({ description: 'the subdomain label, or `@` for an apex domain', example: 'www' }),
    value: Type.String({ description: 'cname_target for a CNAME, the edge IPv4 address for an A record', example: 'cname.apps.example' }),
    ttl: Type.Integer({ example: DNS_RECORD_TTL }),
  }),
);
export type DnsRecord = Static<typeof DnsRecord>;

const customDomainFields = {
  id: Type.Integer(),
  domain: Type.String({ description: 'host name, internationalised names in their punycode form', example: 'www.example.com' }),
  url: Type.String({ example: 'https://www.example.com' }),
  verification_status: StringEnum(VERIFICATION_STATUSES),
  ssl_status: StringEnum(SSL_STATUSES),
  primary: Type.Boolean(),
  active: Type.Boolean({ description: 'the edge accepts the host name: its DNS is verified and it was not removed' }),
  operational: Type.Boolean({ description: 'true exactly when verification_status is verified and ssl_status is active' }),
  is_apex: Type.Boolean(),
  dns_records: DnsRecord,
  created_at: Timestamp,
};

/** The Custom domain resource as lists show it (contract section 2). */
export const CustomDomainView = Named('CustomDomain', Closed(customDomainFields));
export type CustomDomainView = Static<typeof CustomDomainView>;

/** The detail view: adds when it was verified and secured, and why it failed. */
export const CustomDomainDetail = Named(
  'CustomDomainDetail',
  Closed({
    ...customDomainFields,
    verified_at: Nullable(Timestamp),
    ssl_active_at: Nullable(Timestamp),
    verification_error: Nullable(Type.String()),
    ssl_error: Nullable(Type.String()),
  }),
);
export type CustomDomainDetail = Static<typeof CustomDomainDetail>;

/** Body of POST /managed_apps/:app_id/custom_domains. Its rules beyond a string are domains-service's (422 naming `domain`). */
export const CreateCustomDomainBody = Named(
  'CreateCustomDomainRequest',
  Closed({
    domain: Type.String({
      minLength: 1,
      maxLength: 1024,
      'x-trim': true,
      description: `a public host name you own, at most ${MAX_DOMAIN_LENGTH} characters as punycode; not an IP address`,
      example: 'www.example.com',
    }),
  }),
);
export type CreateCustomDomainBody = Static<typeof CreateCustomDomainBody>;

export const CustomDomainListResponse = Named(
  'CustomDomainList',
  Closed({
    custom_domains: Type.Array(CustomDomainView),
    cname_target: Type.String({ example: 'cname.apps.example' }),
    can_add_more: Type.Boolean({ description: `false once the app has ${MAX_CUSTOM_DOMAINS_PER_APP} domains` }),
  }),
);
export type CustomDomainListResponse = Static<typeof CustomDomainListResponse>;

export const CreateCustomDomainResponse = Named(
  'CustomDomainCreated',
  Closed({ custom_domain: CustomDomainDetail, dns_records: DnsRecord, cname_target: Type.String() }),
);
export type CreateCustomDomainResponse = Static<typeof CreateCustomDomainResponse>;

export const CustomDomainResponse = Named('CustomDomainResponse', Closed({ custom_domain: CustomDomainDetail }));
export type CustomDomainResponse = Static<typeof CustomDomainResponse>;

export const CustomDomainMessageResponse = Named('CustomDomainChanged', Closed({ custom_domain: CustomDomainDetail, message: Type.String() }));
export type CustomDomainMessageResponse = Static<typeof CustomDomainMessageResponse>;

export const CustomDomainStatusResponse = Named(
  'CustomDomainStatus',
  Closed({
    custom_domain: CustomDomainDetail,
    cloudflare_status: StringEnum(HOSTNAME_STATUSES, { description: "the edge's status of the host name" }),
    ssl_status: StringEnum(SSL_STATUSES),
  }),
);
export type CustomDomainStatusResponse = Static<typeof CustomDomainStatusResponse>;

export const DeleteCustomDomainResponse = Named('CustomDomainDeleted', Closed({ success: Type.Literal(true), message: Type.String() }));
export type DeleteCustomDomainResponse = Static<typeof DeleteCustomDomainResponse>;

const appFields = { ...CallerFields, app_id: AppIdField };
export const CustomDomainsOfAppRequest = Closed(appFields);
export type CustomDomainsOfAppRequest = Static<typeof CustomDomainsOfAppRequest>;
export const CreateCustomDomainRequest = Closed({ ...appFields, domain: Type.String({ maxLength: 1024 }) });
export type CreateCustomDomainRequest = Static<typeof CreateCustomDomainRequest>;
export const CustomDomainByIdRequest = Closed({ ...appFields, id: IntegerId });
export type CustomDomainByIdRequest = Static<typeof CustomDomainByIdRequest>;

const HostName = Type.String({ minLength: 1, maxLength: MAX_DOMAIN_LENGTH });
export const ResolveHostRequest = Closed({ host: HostName });
export const ResolveHostResponse = Closed({ app_id: Type.String(), domain: Type.String(), operational: Type.Boolean() });
export type ResolveHostResponse = Static<typeof ResolveHostResponse>;
export const CertificateRequest = Closed({ domain: HostName });
export const CertificateResponse = Closed({
  cert_pem: Type.String({ description: 'the leaf certificate followed by its chain' }),
  key_pem: Type.String(),
  expires_at: Timestamp,
});
export type CertificateResponse = Static<typeof CertificateResponse>;
export const AcmeChallengeRequest = Closed({ token: Type.String({ minLength: 1, maxLength: 256, pattern: '^[A-Za-z0-9_-]+$' }) });
export const AcmeChallengeResponse = Closed({ key_authorization: Type.String() });
export const PrimaryDomainRequest = Closed({ app_id: AppIdField });
export const PrimaryDomainResponse = Closed({ domain: Nullable(Type.String(), { description: 'the primary domain while it is operational, else null' }) });
export type PrimaryDomainResponse = Static<typeof PrimaryDomainResponse>;

export const HostChangedMessage = Closed({ domain: HostName });
export type HostChangedMessage = Static<typeof HostChangedMessage>;

export const DOMAINS_RPC = {
  [DomainsSubjects.list]: rpc(CustomDomainsOfAppRequest, CustomDomainListResponse),
  [DomainsSubjects.create]: rpc(CreateCustomDomainRequest, CreateCustomDomainResponse),
  [DomainsSubjects.get]: rpc(CustomDomainByIdRequest, CustomDomainResponse),
  [DomainsSubjects.delete]: rpc(CustomDomainByIdRequest, DeleteCustomDomainResponse),
  [DomainsSubjects.setPrimary]: rpc(CustomDomainByIdRequest, CustomDomainMessageResponse),
  [DomainsSubjects.checkStatus]: rpc(CustomDomainByIdRequest, CustomDomainStatusResponse),
  [DomainsSubjects.refresh]: rpc(CustomDomainByIdRequest, CustomDomainMessageResponse),
  [DomainsSubjects.resolveHost]: rpc(ResolveHostRequest, ResolveHostResponse),
  [DomainsSubjects.certificate]: rpc(CertificateRequest, CertificateResponse),
  [DomainsSubjects.acmeChallenge]: rpc(AcmeChallengeRequest, AcmeChallengeResponse),
  [DomainsSubjects.primaryDomain]: rpc(PrimaryDomainRequest, PrimaryDomainResponse),
};
export type DomainsRpc = RpcTypes<typeof DOMAINS_RPC>;

export const DOMAINS_MESSAGES = {
  [DomainsEvents.hostChanged]: HostChangedMessage,
};
export type DomainsMessages = MessageTypes<typeof DOMAINS_MESSAGES>;
