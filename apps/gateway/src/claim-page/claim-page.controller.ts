import { Controller, Get, Inject, Logger, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CLAIM_TOKEN_MAX_LENGTH,
  ClaimSubjects,
  normalizeEmail,
  SCOPE_GRANTS,
  UsersSubjects,
  type AnonymousBuildView,
  type Caller,
} from '@appgen/contracts';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import { Public } from '../access/access.decorators';
import { ClientLimits } from '../anonymous-builds/client-limits';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { SiteContent } from '../discovery/site-content';
import { AppDetailReader } from '../managed-apps/app-detail';
import { SITE_PATHS } from '../site/site-paths';
import { HTML_TYPE } from '../site/site-reply';
import {
  CLAIM_PAGE_CSP,
  CLAIM_REFERRER_POLICY,
  claimButtonPage,
  claimedPage,
  claimProblemPage,
  codeEntryPage,
  signInPage,
  type ClaimedAppView,
  type ClaimForm,
} from './claim-pages';
import {
  claimCookie,
  claimPageKeys,
  formToken,
  formTokenMatches,
  newClaimSession,
  openClaimSession,
  sameOriginPost,
  sealClaimSession,
  type ClaimPageKeys,
  type ClaimSession,
} from './claim-session';

/** The forms of the claim page, each posted to `{page}/<step>`. */
const STEPS = ['email', 'code', 'claim', 'sign_out'] as const;
type Step = (typeof STEPS)[number];

/** What ends a step with a page of its own rather than the next form. */
class PageProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly text: string,
  ) {
    super(text);
  }
}

const UNKNOWN = new PageProblem(404, 'No app to claim here', 'This claim link names no app. Check that the whole link from your mail was opened.');
const FORGED = new PageProblem(403, 'This form cannot be used', 'The form has expired or was not sent from this page. Open the claim link again.');

/**
 * The claim page, `GET {site_url}/claim/:token` (contract 4.8): the app a claim token names and its preview, sign-in
 * or sign-up by e-mailed code (users-service's codes, as POST /accounts and the OAuth sign-in use them), then the
 * Claim button. Between the steps the visitor is held by a short-lived sealed cookie bound to this token; every form
 * carries a token derived from it and must come from the site's own origin. Viewing the page and claiming count
 * against the per-IP claim limit shared with POST /anonymous_builds/:id/claim (contract section 8).
 */
@Public()
@ApiExcludeController()
@Controller()
export class ClaimPageController {
  private readonly log = new Logger('ClaimPage');
  private readonly keys: ClaimPageKeys;
  private readonly siteOrigin: string;
  private readonly secureCookie: boolean;

  constructor(
    private readonly rpc: RpcClient,
    private readonly appDetail: AppDetailReader,
    private readonly limits: ClientLimits,
    private readonly content: SiteContent,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.keys = claimPageKeys(Buffer.from(config.SECRETS_KEY, 'base64'));
    const site = new URL(config.SITE_URL);
    this.siteOrigin = site.origin;
    this.secureCookie = site.protocol === 'https:';
  }

  @Get(`${SITE_PATHS.claim}/:token`)
  show(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return this.answer(reply, async () => {
      await this.limits.claim(request, reply);
      const build = await this.claimable(token);
      let session = openClaimSession(this.keys, request.headers, token);
      if (session?.appId !== build.app_id) session = this.startSession(reply, token, build.app_id);
      const view = appView(build);
      if (session.account) {
        return this.html(reply, 200, claimButtonPage(view, session.account.email, this.form(token, session, 'claim'), this.form(token, session, 'sign_out')));
      }
      return this.html(reply, 200, signInPage(view, this.form(token, session, 'email')));
    });
  }

  @Post(`${SITE_PATHS.claim}/:token/:step`)
  submit(@Param('token') token: string, @Param('step') step: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return this.answer(reply, async () => {
      if (!isStep(step)) throw new PageProblem(404, 'No such page', 'There is no such step of a claim.');
      if (!sameOriginPost(request.headers, this.siteOrigin)) throw FORGED;
      const session = openClaimSession(this.keys, request.headers, token);
      const fields = formFields(request.body);
      if (!session || !formTokenMatches(this.keys, session, step, fields.get('csrf'))) throw FORGED;
      switch (step) {
        case 'email':
          return this.sendCode(reply, token, session, fields);
        case 'code':
          return this.checkCode(reply, token, session, fields);
        case 'claim':
          return this.claim(request, reply, token, session);
        case 'sign_out':
          this.startSession(reply, token, session.appId);
          return this.redirect(reply, token);
      }
    });
  }

  /** Signs up a new address as POST /accounts does (which mails its first code), or mails a known one a code. */
  private async sendCode(reply: FastifyReply, token: string, session: ClaimSession, fields: URLSearchParams): Promise<FastifyReply> {
    const view = appView(await this.claimable(token));
    const typed = fields.get('email') ?? '';
    const email = normalizeEmail(typed);
    if (email === null) {
      return this.html(reply, 422, signInPage(view, this.form(token, session, 'email'), { email: typed.slice(0, 320), message: 'Enter a valid e-mail address.' }));
    }
    try {
      await this.rpc.request(UsersSubjects.createAccount, { email });
    } catch (error) {
      if (!(error instanceof AppgenError && error.payload.status === 409)) throw error;
      await this.rpc.request(UsersSubjects.requestSignInCode, { email });
    }
    return this.html(reply, 200, codeEntryPage(view, this.form(token, session, 'code'), email, { backTo: this.pagePath(token) }));
  }

  private async checkCode(reply: FastifyReply, token: string, session: ClaimSession, fields: URLSearchParams): Promise<FastifyReply> {
    const build = await this.claimable(token);
    const email = normalizeEmail(fields.get('email') ?? '');
    if (email === null) return this.redirect(reply, token);
    const code = (fields.get('code') ?? '').trim();
    const again = (status: number, message: string) =>
      this.html(reply, status, codeEntryPage(appView(build), this.form(token, session, 'code'), email, { message, backTo: this.pagePath(token) }));
    if (!/^\d{6}$/.test(code)) return again(422, 'The code is the 6 digits from the mail.');
    try {
      const { account } = await this.rpc.request(UsersSubjects.confirmSignInCode, { email, code });
      // A new session (new nonce): forms shown before the sign-in are worth nothing after it.
      this.startSession(reply, token, build.app_id, { id: account.id, email: account.email });
      return this.redirect(reply, token);
    } catch (error) {
      if (error instanceof AppgenError && error.payload.status === 401) {
        return again(401, 'That code is wrong or has expired. Check the latest mail, or use another address to get a new code.');
      }
      throw error;
    }
  }

  private async claim(request: FastifyRequest, reply: FastifyReply, token: string, session: ClaimSession): Promise<FastifyReply> {
    if (!session.account) throw new PageProblem(403, 'Sign in first', 'Sign in with your e-mail address before claiming. Open the claim link again.');
    await this.limits.claim(request, reply);
    const { account } = await this.rpc.request(UsersSubjects.oauthFindAccount, { account_id: session.account.id });
    const caller: Caller = { accountId: account.id, email: account.email, plan: account.plan, keyId: null, scope: 'full_access', grants: [...SCOPE_GRANTS.full_access] };
    await this.rpc.request(ClaimSubjects.claim, { caller, id: session.appId, claim_token: token });
    const { app } = await this.appDetail.read(caller, session.appId);
    reply.header('set-cookie', claimCookie(this.pagePath(token), this.secureCookie, undefined));
    return this.html(reply, 200, claimedPage({ name: app.name, editorUrl: app.urls.editor, liveUrl: app.urls.production ?? app.urls.preview }, account.email));
  }

  /** The build a claim token names while it can be claimed; a page saying why not otherwise (404, 409, 410). */
  private async claimable(token: string): Promise<AnonymousBuildView> {
    if (token.length > CLAIM_TOKEN_MAX_LENGTH) throw UNKNOWN;
    const found = await this.rpc.request(ClaimSubjects.findByToken, { claim_token: token });
    if (found.state === 'expired' || found.build === null) throw expired(found.expires_at);
    if (found.state === 'claimed') throw claimedAlready(found.build.name);
    return found.build;
  }

  private startSession(reply: FastifyReply, token: string, appId: string, account?: ClaimSession['account']): ClaimSession {
    const session = newClaimSession(token, appId, account);
    reply.header('set-cookie', claimCookie(this.pagePath(token), this.secureCookie, sealClaimSession(this.keys, session)));
    return session;
  }

  private form(token: string, session: ClaimSession, step: Step): ClaimForm {
    return { action: `${this.pagePath(token)}/${step}`, csrf: formToken(this.keys, session, step) };
  }

  private pagePath(token: string): string {
    return `${SITE_PATHS.claim}/${encodeURIComponent(token)}`;
  }

  /** 303: after a form, the browser shows the page again with a GET. */
  private redirect(reply: FastifyReply, token: string): FastifyReply {
    this.noStore(reply);
    return reply.status(303).header('location', this.pagePath(token)).send();
  }

  private html(reply: FastifyReply, status: number, body: string): FastifyReply {
    this.noStore(reply);
    return reply.status(status).type(HTML_TYPE).send(body);
  }

  private noStore(reply: FastifyReply): void {
    reply.headers({
      'cache-control': 'no-store',
      'content-security-policy': CLAIM_PAGE_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': CLAIM_REFERRER_POLICY,
      // Like every page of the site (contract 4.11): the skill file, the text references and the well-known files.
      link: this.content.site.links,
    });
  }

  /** Runs a step; whatever stops it is answered as a page (never the API's JSON), with the status it stands for. */
  private async answer(reply: FastifyReply, step: () => Promise<FastifyReply>): Promise<FastifyReply> {
    try {
      return await step();
    } catch (error) {
      const problem = this.problemOf(error);
      if (problem.status === 503) reply.header('retry-after', '5');
      return this.html(reply, problem.status, claimProblemPage(problem.title, problem.text));
    }
  }

  private problemOf(error: unknown): PageProblem {
    if (error instanceof PageProblem) return error;
    if (error instanceof AppgenError) {
      const { status, body } = error.payload;
      switch (status) {
        case 404:
          return UNKNOWN;
        case 409:
          return new PageProblem(409, 'This app cannot be claimed now', body.message);
        case 410:
          return new PageProblem(410, 'This claim link has expired', `${body.message}.`);
        case 429:
          // Retry-After and the X-RateLimit-* headers are already on the reply.
          return new PageProblem(429, 'Too many tries', `${body.message}.`);
      }
      if (status < 500) return new PageProblem(status, 'This cannot be done', body.message);
      return new PageProblem(503, 'Try again shortly', 'A part of appgen is not answering right now. Reload this page in a few seconds.');
    }
    this.log.error(`claim page failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return new PageProblem(500, 'Something went wrong', 'Something went wrong on our side. Reload this page to try again.');
  }
}

function isStep(step: string): step is Step {
  return (STEPS as readonly string[]).includes(step);
}

function formFields(body: unknown): URLSearchParams {
  const fields = new URLSearchParams();
  if (typeof body !== 'object' || body === null) return fields;
  for (const [name, value] of Object.entries(body)) if (typeof value === 'string') fields.set(name, value);
  return fields;
}

function appView(build: AnonymousBuildView): ClaimedAppView {
  return { name: build.name, previewUrl: build.preview_url, generation: build.generation, expiresAt: build.expires_at };
}

function expired(expiresAt: string): PageProblem {
  return new PageProblem(410, 'This claim link has expired', `Its claim window ended at ${expiresAt}, and apps nobody claims are deleted. Build the app again to get a new link.`);
}

function claimedAlready(name: string): PageProblem {
  return new PageProblem(409, 'Already claimed', `${name} has already been claimed into an appgen account. Whoever claimed it finds it in their account.`);
}
