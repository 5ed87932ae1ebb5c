import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { FieldError } from '@appgen/contracts';
import { classifyAddress, isNonPublicAddress } from './address-classifier';

const PRIVATE_MESSAGE = 'must not point to a private, loopback, link-local or reserved address';

/**
 * Why `raw` cannot receive webhooks, or null when it can. Resolves the host now, so an obviously
 * internal target is refused at creation; the sender checks again at connect time (DNS rebinding).
 */
export async function receiverUrlProblem(raw: unknown, allowPrivate: boolean, field = 'url'): Promise<FieldError | null> {
  if (typeof raw !== 'string' || raw.trim() === '') return { field, message: 'is required' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { field, message: 'must be an absolute http(s) URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { field, message: 'must use http or https' };
  if (url.username || url.password) return { field, message: 'must not carry credentials' };
  if (raw.length > 2048) return { field, message: 'must be at most 2048 characters' };
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    // The caller wrote this address, so saying which block refuses it tells them nothing new about us.
    const verdict = classifyAddress(host);
    return verdict.public ? null : { field, message: `${PRIVATE_MESSAGE}: ${host} is ${verdict.reason}` };
  }
  // A resolved address is not named: it would let anyone read this network's DNS answers through the API.
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    if (addresses.length === 0) return { field, message: 'host does not resolve' };
    return addresses.some((entry) => isNonPublicAddress(entry.address)) ? { field, message: PRIVATE_MESSAGE } : null;
  } catch {
    return { field, message: 'host does not resolve' };
  }
}
