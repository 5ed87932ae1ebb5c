import { randomBytes } from 'node:crypto';
import { claimButtonPage, signInPage } from './claim-pages';
import {
  CLAIM_COOKIE,
  CLAIM_SESSION_SECONDS,
  claimCookie,
  claimPageKeys,
  formToken,
  formTokenMatches,
  newClaimSession,
  openClaimSession,
  sameOriginPost,
  sealClaimSession,
} from './claim-session';

describe('claim page session', () => {
  const keys = claimPageKeys(randomBytes(32));
  const token = `clm_${randomBytes(32).toString('base64url')}`;
  const cookieOf = (sealed: string) => ({ cookie: `other=1; ${CLAIM_COOKIE}=${sealed}` });

  it('seals the account so the cookie does not show it, and opens only for its own token, unaltered and in time', () => {
    const session = newClaimSession(token, 'app000000001', { id: 4242, email: 'ada@example.com' });
    const sealed = sealClaimSession(keys, session);
    expect(sealed).not.toContain('4242');
    expect(Buffer.from(sealed.slice(3), 'base64').toString('latin1')).not.toContain('ada@example.com');
    expect(openClaimSession(keys, cookieOf(sealed), token)).toEqual(session);

    expect(openClaimSession(keys, cookieOf(sealed), `${token}x`)).toBeUndefined();
    expect(openClaimSession(claimPageKeys(randomBytes(32)), cookieOf(sealed), token)).toBeUndefined();
    const flipped = `${sealed.slice(0, -4)}${sealed.slice(-4, -3) === 'A' ? 'B' : 'A'}${sealed.slice(-3)}`;
    expect(openClaimSession(keys, cookieOf(flipped), token)).toBeUndefined();
    expect(openClaimSession(keys, cookieOf('v1.garbage'), token)).toBeUndefined();
    expect(openClaimSession(keys, {}, token)).toBeUndefined();
    expect(openClaimSession(keys, cookieOf(sealed), token, Date.now() + (CLAIM_SESSION_SECONDS + 1) * 1000)).toBeUndefined();
  });

  it('derives a token per form and session: another form, another session or none at all does not match', () => {
    const session = newClaimSession(token, 'app000000001');
    const other = newClaimSession(token, 'app000000001');
    const csrf = formToken(keys, session, 'claim');
    expect(formTokenMatches(keys, session, 'claim', csrf)).toBe(true);
    expect(formTokenMatches(keys, session, 'email', csrf)).toBe(false);
    expect(formTokenMatches(keys, other, 'claim', csrf)).toBe(false);
    expect(formTokenMatches(keys, session, 'claim', undefined)).toBe(false);
    expect(formTokenMatches(keys, session, 'claim', ['x'])).toBe(false);
  });

  it('writes an HttpOnly, SameSite=Lax cookie scoped to the page, Secure over https, and clears it', () => {
    expect(claimCookie('/claim/clm_a', false, 'v1.x')).toBe(`${CLAIM_COOKIE}=v1.x; Max-Age=${CLAIM_SESSION_SECONDS}; Path=/claim/clm_a; HttpOnly; SameSite=Lax`);
    expect(claimCookie('/claim/clm_a', true, 'v1.x')).toMatch(/; Secure$/);
    expect(claimCookie('/claim/clm_a', true, undefined)).toBe(`${CLAIM_COOKIE}=; Max-Age=0; Path=/claim/clm_a; HttpOnly; SameSite=Lax; Secure`);
  });

  it('accepts form posts from the site itself only', () => {
    const site = 'https://appgen.example';
    expect(sameOriginPost({ origin: site, 'sec-fetch-site': 'same-origin' }, site)).toBe(true);
    expect(sameOriginPost({ referer: `${site}/claim/clm_a` }, site)).toBe(true);
    expect(sameOriginPost({}, site)).toBe(true);
    expect(sameOriginPost({ origin: 'https://evil.example' }, site)).toBe(false);
    expect(sameOriginPost({ origin: 'null' }, site)).toBe(false);
    expect(sameOriginPost({ referer: 'https://appgen.example.evil.example/' }, site)).toBe(false);
    expect(sameOriginPost({ origin: site, 'sec-fetch-site': 'cross-site' }, site)).toBe(false);
    expect(sameOriginPost({ 'sec-fetch-site': 'same-site' }, site)).toBe(false);
  });
});

describe('claim pages', () => {
  const app = {
    name: '<script>alert(1)</script> & "friends"',
    previewUrl: 'http://preview-x.example/?a="b"',
    generation: { status: 'completed', progress: 100, message: 'ready' },
    expiresAt: '2030-01-01T00:00:00.000Z',
  };

  it('escapes the app name and everything else it shows', () => {
    const html = signInPage(app, { action: '/claim/clm_a/email', csrf: 'c"s' }, { email: '"><img src=x>' });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;friends&#34;');
    expect(html).not.toContain('"><img');
    expect(html).toContain('value="c&#34;s"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('shows the Claim button once the app is built, not while it is', () => {
    const form = { action: '/claim/clm_a/claim', csrf: 'c' };
    const signOut = { action: '/claim/clm_a/sign_out', csrf: 's' };
    expect(claimButtonPage(app, 'ada@example.com', form, signOut)).toContain('action="/claim/clm_a/claim"');
    const building = { ...app, generation: { status: 'processing', progress: 40, message: 'writing pages' } };
    const html = claimButtonPage(building, 'ada@example.com', form, signOut);
    expect(html).not.toContain('action="/claim/clm_a/claim"');
    expect(html).toContain('still being built (40%)');
  });
});
