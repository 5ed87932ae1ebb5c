/** Pieces every page uses: its header, notices, the sign-in prompts, and loading what a page shows. */
import { ApiError } from '../api';
import { h, type Child } from '../dom';
import { t } from '../i18n';
import { href } from '../router';
import { currentUser } from '../session';

export function pageHeader(title: string, ...actions: Child[]): HTMLElement {
  return h('header', { class: 'page-header' }, h('h1', { tabindex: -1 }, title), h('div', { class: 'page-actions' }, ...actions));
}

export function notice(message: string, kind: 'info' | 'error' = 'info'): HTMLElement {
  return h('p', { class: 'notice notice-' + kind, role: kind === 'error' ? 'alert' : 'status' }, message);
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return t().tryAgain;
}

export function signInNotice(what: string): HTMLElement {
  return h('div', { class: 'notice notice-info' }, h('p', {}, t().signInToSee(what)), h('a', { class: 'button primary', href: href('/sign-in') }, t().signIn));
}

/** Anyone may read shared entries, but adding, changing and deleting them takes a signed-in user (unless the entity is open). */
export function signInToWriteNotice(what: string): HTMLElement {
  return h('div', { class: 'notice notice-info sign-in-prompt', role: 'status' }, h('p', {}, t().signInToChange(what)), h('a', { class: 'button primary', href: href('/sign-in') }, t().signIn));
}

/** Asks to sign in above the page's content, once, when the server says a change needs a session. */
export function promptSignIn(section: HTMLElement, label: string): void {
  if (section.querySelector('.sign-in-prompt')) return;
  section.insertBefore(signInToWriteNotice(label), section.children[1] ?? null);
}

/** Shows why a change failed above the page's content: sign in, or the server's message. */
export function changeFailed(section: HTMLElement, label: string, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) promptSignIn(section, label);
  else section.insertBefore(notice(errorMessage(error), 'error'), section.children[1] ?? null);
}

/** A polite live region that tells screen readers what a change did. */
export function liveStatus(): HTMLElement {
  return h('p', { class: 'visually-hidden', role: 'status', 'aria-live': 'polite' });
}

/**
 * Loads what a page of `entity` shows. When it cannot (a user's own rows while nobody is signed in, the server
 * refusing or failing), appends the reason to `section` and gives null.
 */
export async function loadFor<T>(section: HTMLElement, entity: { label: string; userScoped: boolean }, load: () => Promise<T>): Promise<T | null> {
  if (entity.userScoped && (await currentUser()) === null) {
    section.append(signInNotice(entity.label));
    return null;
  }
  try {
    return await load();
  } catch (error) {
    section.append(error instanceof ApiError && error.status === 401 ? signInNotice(entity.label) : notice(errorMessage(error), 'error'));
    return null;
  }
}
