// The parts of oidc-provider 9 (which ships no types) that the gateway uses, as its lib/ defines them.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    [key: string]: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface ClientView {
    clientId: string;
    clientName?: string;
    redirectUris: string[];
  }

  export interface TokenView {
    kind: string;
    accountId?: string;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
  }

  /** Koa's context as oidc-provider hands it to its helpers and middleware. */
  export interface KoaContext {
    req: IncomingMessage;
    res: ServerResponse;
    method: string;
    path: string;
    status: number;
    body: unknown;
    type: string;
    state: Record<string, unknown>;
    set(field: string, value: string): void;
    redirect(url: string): void;
    oidc?: { route?: string; account?: Account; client?: ClientView };
  }

  export interface InteractionDetails {
    uid: string;
    returnTo: string;
    params: Record<string, unknown>;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
  }

  export interface GrantInstance {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface Configuration {
    [key: string]: unknown;
  }

  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    proxy: boolean;
    readonly issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): this;
    on(event: string, listener: (ctx: KoaContext, error: Error) => void): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
    readonly Client: { find(id: string): Promise<ClientView | undefined> };
    readonly Grant: (new (properties: { accountId: string; clientId: string }) => GrantInstance) & { find(id: string): Promise<GrantInstance | undefined> };
  }

  export const errors: {
    InvalidTarget: new (description: string) => Error;
    InvalidClientMetadata: new (description: string) => Error;
  };

  export default Provider;
}
