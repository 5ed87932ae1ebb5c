import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Inject, Logger, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BillingSubjects, CHECKOUT_SESSION_ID_PATTERN, checkoutPagePath, SandboxCard, type CheckoutSessionView } from '@appgen/contracts';
import { AppgenError, RpcClient } from '@appgen/service-kit';
import { Public } from '../access/access.decorators';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { SiteContent } from '../discovery/site-content';
import { CHECKOUT_PAGE_ROUTE } from './checkout-bodies';
import {
  awaitingStripePage,
  CHECKOUT_PAGE_CSP,
  cardFormPage,
  expiredPage,
  notFoundPage,
  paidPage,
  problemPage,
  type CardFormState,
  type CheckoutPage,
} from './checkout-pages';

const SESSION_ID = new RegExp(CHECKOUT_SESSION_ID_PATTERN);
/** The form's CSRF token travels twice: in this SameSite=Strict cookie and in the form; a cross-site post has no cookie. */
const CSRF_COOKIE = 'appgen_checkout_csrf';
const CARD_FIELDS = Object.keys(SandboxCard.properties) as Array<keyof SandboxCard>;
const FIELD_MAX = Object.fromEntries(CARD_FIELDS.map((name) => [name, SandboxCard.properties[name].maxLength ?? 0])) as Record<keyof SandboxCard, number>;

function cookieOf(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The hosted checkout page at `{SITE_URL}/checkout/<session_id>` (decisions.md): billing-service's session shown in
 * the site's layout. A sandbox session takes a card here (a plain form, no script needed); a Stripe one links to
 * Stripe's page, which sends the buyer back here. Answers are pages, never JSON, and never cached.
 */
@ApiExcludeController()
@Controller()
export class CheckoutPageController {
  private readonly log = new Logger('CheckoutPage');
  private readonly secureCookie: boolean;

  constructor(
    private readonly rpc: RpcClient,
    private readonly content: SiteContent,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.secureCookie = config.SITE_URL.startsWith('https:');
  }

  @Get(CHECKOUT_PAGE_ROUTE)
  @Public()
  async show(@Param('session_id') sessionId: string, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.answer(sessionId, async () => {
      const { session } = await this.rpc.request(BillingSubjects.getCheckout, { session_id: sessionId });
      return this.pageOf(session, reply);
    });
    this.send(reply, page);
  }

  @Post(CHECKOUT_PAGE_ROUTE)
  @Public()
  async pay(@Param('session_id') sessionId: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.answer(sessionId, async () => {
      const form = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
      const csrf = typeof form['csrf'] === 'string' ? form['csrf'] : undefined;
      // A browser says where a form came from; another site's form is refused whatever it carries.
      const site = request.headers['sec-fetch-site'];
      if ((site !== undefined && site !== 'same-origin') || !sameToken(csrf, cookieOf(request, CSRF_COOKIE))) {
        return problemPage(403, 'Form expired', 'This form was not sent from its checkout page, or the page is too old. Reload the page and try again.');
      }
      // Longer than a card form's field is typed in error; cut to what the message takes rather than refuse the page.
      const card = Object.fromEntries(CARD_FIELDS.map((name) => [name, typeof form[name] === 'string' ? form[name].slice(0, FIELD_MAX[name]) : ''])) as SandboxCard;
      const { session, payment } = await this.rpc.request(BillingSubjects.paySandboxCheckout, { session_id: sessionId, card });
      // Post/redirect/get: the paid page is the session's own address, and a reload sends nothing again.
      if (payment.result === 'paid') return { status: 303, html: '', location: checkoutPagePath(session.id) };
      const state: CardFormState = { csrf: csrf ?? '', action: checkoutPagePath(session.id), name: card.name, expiry: card.expiry };
      return payment.result === 'declined'
        ? cardFormPage(session, { ...state, message: payment.message }, 402)
        : cardFormPage(session, { ...state, errors: payment.errors }, 422);
    });
    this.send(reply, page);
  }

  private pageOf(session: CheckoutSessionView, reply: FastifyReply): CheckoutPage {
    if (session.status === 'paid') return paidPage(session);
    if (session.status === 'expired') return expiredPage(session);
    if (session.provider === 'stripe') return awaitingStripePage(session);
    const csrf = randomBytes(24).toString('base64url');
    const attributes = [`Path=${checkoutPagePath(session.id)}`, 'HttpOnly', 'SameSite=Strict', ...(this.secureCookie ? ['Secure'] : [])];
    reply.header('set-cookie', `${CSRF_COOKIE}=${csrf}; ${attributes.join('; ')}`);
    return cardFormPage(session, { csrf, action: checkoutPagePath(session.id) });
  }

  /** The page for `sessionId`, or the page of why there is none: billing's refusals become pages, never JSON. */
  private async answer(sessionId: string, build: () => Promise<CheckoutPage & { location?: string }>): Promise<CheckoutPage & { location?: string }> {
    if (!SESSION_ID.test(sessionId)) return notFoundPage();
    try {
      return await build();
    } catch (error) {
      if (!(error instanceof AppgenError)) {
        this.log.error(`checkout page ${sessionId} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return problemPage(500, 'Something went wrong', 'Something went wrong on our side; nothing was charged. Reload the page to try again.');
      }
      switch (error.status) {
        case 404:
          return notFoundPage();
        case 410:
          return expiredPage();
        case 409:
          return problemPage(409, 'Pay on the payment page', error.body.message);
        default:
          if (error.status < 500) return problemPage(error.status, 'This payment cannot go on', error.body.message);
          return problemPage(503, 'Checkout unavailable', 'Checkout is unavailable for a moment; nothing was charged. Reload the page to try again.');
      }
    }
  }

  private send(reply: FastifyReply, page: CheckoutPage & { location?: string }): void {
    reply.headers({
      'cache-control': 'no-store',
      'content-security-policy': CHECKOUT_PAGE_CSP,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      link: this.content.site.links,
    });
    if (page.location) {
      void reply.status(303).header('location', page.location).send();
      return;
    }
    void reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
  }
}
