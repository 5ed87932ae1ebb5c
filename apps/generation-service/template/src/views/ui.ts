/** Pieces every page uses: its header, notices and the sign-in prompt. */
import { ApiError } from '../api';
import { h, type Child } from '../dom';
import { href } from '../router';

export function pageHeader(title: string, ...actions: Child[]): HTMLElement {
  return h('header', { class: 'page-header' }, h('h1', { tabindex: -1 }, title), h('div', { class: 'page-actions' }, ...actions));
}

export function notice(message: string, kind: 'info' | 'error' = 'info'): HTMLElement {
  return h('p', { class: 'notice notice-' + kind, role: kind === 'error' ? 'alert' : 'status' }, message);
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}

export function signInNotice(what: string): HTMLElement {
  return h('div', { class: 'notice notice-info' }, h('p', {}, 'Sign in to see and add your ' + what.toLowerCase() + '.'), h('a', { class: 'button primary', href: href('/sign-in') }, 'Sign in'));
}

/** Anyone may read shared entries, but adding, changing and deleting them takes a signed-in user (unless the entity is open). */
export function signInToWriteNotice(what: string): HTMLElement {
  return h('div', { class: 'notice notice-info sign-in-prompt', role: 'status' }, h('p', {}, 'Sign in to add or change ' + what.toLowerCase() + '.'), h('a', { class: 'button primary', href: href('/sign-in') }, 'Sign in'));
}
