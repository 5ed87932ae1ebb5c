/** Who is signed in, asked of the server once and kept until sign-in or sign-out changes it. */
import { auth, type AppUser } from './api';

// The promise is kept, not the user: parts of a page asking at once share one request.
let user: Promise<AppUser | null> | undefined;
const listeners = new Set<(user: AppUser | null) => void>();

export function currentUser(): Promise<AppUser | null> {
  user ??= auth.me().catch(() => null);
  return user;
}

export function setUser(next: AppUser | null): void {
  user = Promise.resolve(next);
  for (const listener of listeners) listener(next);
}

export function onUserChange(listener: (user: AppUser | null) => void): void {
  listeners.add(listener);
}
