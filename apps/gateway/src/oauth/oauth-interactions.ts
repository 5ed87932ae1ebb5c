import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Logger } from '@nestjs/common';
import { GRANT_DESCRIPTIONS, isGrant, normalizeEmail, UsersSubjects } from '@appgen/contracts';
import { AppgenError, type RpcClient } from '@appgen/service-kit';
import type { InteractionDetails, KoaContext, Provider } from 'oidc-provider';
import { codePage, consentPage, emailPage, errorPage, PAGE_CSP, redirectDestination, type FormContext } from './oauth-pages';

/** Where the provider sends the browser to sign in and consent; also the prefix this middleware answers. */
export const INTERACTION_PATH = '/oauth/interaction';
/** A form body is a few short fields; anything longer is not one of ours. */
const FORM_MAX_BYTES = 8 * 1024;

class PageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') throw new PageError(415, 'invalid_request', 'The form must be sent as application/x-www-form-urlencoded');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > FORM_MAX_BYTES) throw new PageError(413, 'invalid_request', 'The form is too large');
    chunks.push(buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function single(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The sign-in (e-mailed code, the same codes as POST /api/v1/auth/magic_code) and consent pages of
 * /oauth/authorize, as a middleware of the provider (Koa). Every step finds its interaction through
 * oidc-provider's interaction cookie, kept in users-service, so the steps may land on any gateway replica;
 * each form also carries a token bound to the interaction (CSRF), checked on every POST.
 */
export class OAuthInteractions {
  private readonly log = new Logger('OAuthInteractions');

  constructor(
    private readonly provider: Provider,
    private readonly rpc: RpcClient,
    private readonly formKey: string,
  ) {}

  readonly middleware = async (ctx: KoaContext, next: () => Promise<void>): Promise<void> => {
    if (!ctx.path.startsWith(`${INTERACTION_PATH}/`)) return next();
    ctx.set('Content-Security-Policy', PAGE_CSP);
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    try {
      await this.handle(ctx);
    } catch (error) {
      const failure = this.pageError(error);
      ctx.status = failure.status;
      ctx.type = 'html';
      ctx.body = errorPage(failure.error, failure.description);
    }
  };

  private async handle(ctx: KoaContext): Promise<void> {
    const [uid, step, ...rest] = ctx.path.slice(INTERACTION_PATH.length + 1).split('/');
    if (!uid || rest.length > 0) throw new PageError(404, 'invalid_request', 'There is no such page');
    const details = await this.provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== uid) throw new PageError(400, 'invalid_request', 'This sign-in page belongs to another authorization request');
    const form = await this.formContext(details);
    if (ctx.method === 'GET' && step === undefined) return this.show(ctx, details, form);
    if (ctx.method !== 'POST' || step === undefined) throw new PageError(405, 'invalid_request', 'This page takes a form');
    const fields = await readForm(ctx.req);
    if (!this.csrfMatches(uid, fields.get('csrf'))) throw new PageError(403, 'invalid_request', 'The form has expired or was not sent from this page; start again');
    switch (step) {
      case 'email':
        return this.sendCode(ctx, details, form, fields);
      case 'code':
        return this.checkCode(ctx, details, form, fields);
      case 'consent':
        return this.decide(ctx, details, fields);
      default:
        throw new PageError(404, 'invalid_request', 'There is no such page');
    }
  }

  private async show(ctx: KoaContext, details: InteractionDetails, form: FormContext): Promise<void> {
    if (details.prompt.name === 'login') return this.html(ctx, 200, emailPage(form));
    if (details.prompt.name !== 'consent') throw new PageError(400, 'invalid_request', `Unexpected step ${details.prompt.name}`);
    const scopes = this.requestedGrants(details);
    if (scopes.length === 0) {
      return this.finish(ctx, { error: 'invalid_scope', error_description: `Ask for at least one of the scopes this server supports` }, false);
    }
    const accountId = Number(details.session?.accountId);
    const { account } = await this.rpc.request(UsersSubjects.oauthFindAccount, { account_id: accountId });
    const redirect = single(details.params['redirect_uri']);
    const destination = redirect === undefined ? 'its registered address' : redirectDestination(redirect);
    const view = { destination, accountEmail: account.email, scopes: scopes.map((name) => ({ name, description: GRANT_DESCRIPTIONS[name] })) };
    return this.html(ctx, 200, consentPage(form, view));
  }

  private async sendCode(ctx: KoaContext, details: InteractionDetails, form: FormContext, fields: URLSearchParams): Promise<void> {
    this.expectStep(details, 'login');
    const typed = fields.get('email') ?? '';
    const email = normalizeEmail(typed);
    if (email === null) return this.html(ctx, 422, emailPage(form, { email: typed, message: 'Enter a valid e-mail address.' }));
    await this.rpc.request(UsersSubjects.requestSignInCode, { email });
    return this.html(ctx, 200, codePage(form, email));
  }

  private async checkCode(ctx: KoaContext, details: InteractionDetails, form: FormContext, fields: URLSearchParams): Promise<void> {
    this.expectStep(details, 'login');
    const email = normalizeEmail(fields.get('email') ?? '');
    if (email === null) return this.html(ctx, 422, emailPage(form, { message: 'Enter a valid e-mail address.' }));
    const code = (fields.get('code') ?? '').trim();
    const wrong = 'That code is wrong or has expired. Check the latest mail, or use another address to get a new code.';
    if (!/^\d{6}$/.test(code)) return this.html(ctx, 422, codePage(form, email, { message: 'The code is the 6 digits from the sign-in mail.' }));
    try {
      const { account } = await this.rpc.request(UsersSubjects.confirmSignInCode, { email, code });
      return this.finish(ctx, { login: { accountId: String(account.id) } }, false);
    } catch (error) {
      if (error instanceof AppgenError && error.payload.status === 401) return this.html(ctx, 401, codePage(form, email, { message: wrong }));
      throw error;
    }
  }

  private async decide(ctx: KoaContext, details: InteractionDetails, fields: URLSearchParams): Promise<void> {
    this.expectStep(details, 'consent');
    if (fields.get('decision') !== 'allow') {
      return this.finish(ctx, { error: 'access_denied', error_description: 'The account holder denied access' }, false);
    }
    const accountId = details.session?.accountId;
    const clientId = single(details.params['client_id']);
    if (!accountId || !clientId) throw new PageError(400, 'invalid_request', 'Sign in first');
    const grant = (details.grantId ? await this.provider.Grant.find(details.grantId) : undefined) ?? new this.provider.Grant({ accountId, clientId });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
    const grantId = await grant.save();
    return this.finish(ctx, { consent: { grantId } }, true);
  }

  /** The API scopes the client asked for, in the order of GRANTS' sentences. */
  private requestedGrants(details: InteractionDetails) {
    const asked = new Set((single(details.params['scope']) ?? '').split(' '));
    return Object.keys(GRANT_DESCRIPTIONS).filter((name) => asked.has(name)).filter(isGrant);
  }

  private async formContext(details: InteractionDetails): Promise<FormContext> {
    const clientId = single(details.params['client_id']) ?? '';
    const client = await this.provider.Client.find(clientId);
    return { action: `${INTERACTION_PATH}/${details.uid}`, csrf: this.csrfFor(details.uid), clientName: client?.clientName ?? clientId };
  }

  private expectStep(details: InteractionDetails, step: 'login' | 'consent'): void {
    if (details.prompt.name !== step) throw new PageError(409, 'invalid_request', 'This step is already done; go back to the application and start again');
  }

  /** Hands the outcome to oidc-provider and sends the browser on (303: the next request is a GET). */
  private async finish(ctx: KoaContext, result: Record<string, unknown>, mergeWithLastSubmission: boolean): Promise<void> {
    const returnTo = await this.provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission });
    ctx.redirect(returnTo);
    ctx.status = 303;
  }

  private html(ctx: KoaContext, status: number, body: string): void {
    ctx.status = status;
    ctx.type = 'html';
    ctx.body = body;
  }

  private csrfFor(uid: string): string {
    return createHmac('sha256', this.formKey).update(`oauth-interaction:${uid}`).digest('base64url');
  }

  private csrfMatches(uid: string, presented: string | null): boolean {
    const expected = Buffer.from(this.csrfFor(uid));
    const given = Buffer.from(presented ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private pageError(error: unknown): PageError {
    if (error instanceof PageError) return error;
    if (error instanceof AppgenError) {
      const status = error.payload.status >= 500 ? 503 : error.payload.status;
      return new PageError(status, status === 503 ? 'temporarily_unavailable' : 'invalid_request', error.payload.body.message);
    }
    // oidc-provider's own refusals (no interaction cookie, an expired interaction) carry their OAuth error.
    const oauth = error as { status?: unknown; error?: unknown; error_description?: unknown };
    if (typeof oauth.status === 'number' && oauth.status < 500 && typeof oauth.error === 'string') {
      return new PageError(oauth.status, oauth.error, typeof oauth.error_description === 'string' ? oauth.error_description : oauth.error);
    }
    this.log.error(`OAuth page failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return new PageError(500, 'server_error', 'Something went wrong on our side; start again');
  }
}
