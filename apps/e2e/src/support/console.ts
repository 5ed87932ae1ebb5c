import type { BrowserContext, Page } from 'playwright-core';
import { api } from './api';
import { onBrowserPage } from './browser';
import { e2eEnv } from './e2e-env';
import { latestMailTo } from './mail';

/** The 6-digit code of the latest sign-in mail to `email` since `asked`. */
async function mailedCode(email: string, asked: Date): Promise<string> {
  const mail = await latestMailTo(email, { since: asked });
  const code = /\b\d{6}\b/.exec(mail.subject)?.[0] ?? /\b\d{6}\b/.exec(mail.text)?.[0];
  if (!code) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
  return code;
}

/** A console session of `email` as a browser holds it, signed in through the console's own calls: the cookie and the CSRF token. */
export async function consoleSession(email: string): Promise<{ cookie: string; csrf: string }> {
  const site = e2eEnv().site;
  const asked = new Date();
  await api().post('/account/session/code').set('Origin', site).send({ email }).expect(200);
  const code = await mailedCode(email, asked);
  const signedIn = await api().post('/account/session').set('Origin', site).send({ email, code }).expect(200);
  const cookie = String(([] as string[]).concat(signedIn.headers['set-cookie'] ?? [])[0] ?? '').split(';')[0] ?? '';
  return { cookie, csrf: String(signedIn.body.csrf_token) };
}

/** Signs in to the console on the page it shows (the sign-in form at whatever address it is), by the mailed code. */
export async function enterConsoleCode(page: Page, email: string): Promise<void> {
  const asked = new Date();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a code' }).click();
  await page.getByLabel('Sign-in code').fill(await mailedCode(email, asked));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText(email).waitFor();
}

/** Opens `address` of the console and signs in there. */
export async function signedInToConsole(page: Page, address: string, email: string): Promise<void> {
  await page.goto(address);
  await enterConsoleCode(page, email);
}

/**
 * A console page 375 px wide (the narrowest screen it supports), with onBrowserPage's checks. Chromium logs every
 * 4xx: the console asking who is signed in before anyone is (401) is not a fault, nor is what `expected` names.
 */
export function onConsolePage(context: BrowserContext, name: string, steps: (page: Page) => Promise<void>, expected = /status of 401/): Promise<string[]> {
  return onBrowserPage(context, `console-${name}`, steps, { timeoutMs: 20_000, expected: (message) => expected.test(message.text()) });
}
