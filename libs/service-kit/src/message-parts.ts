import type { NatsConnection } from 'nats';
import { AppgenError } from './appgen-error';

/**
 * A reply larger than the NATS server's max_payload travels as several messages to the requester's inbox,
 * each marked `<index>/<count>` (1-based) in this header. One publisher's messages to one subscriber arrive
 * in order, so the requester joins them as they come. A reply that fits is one unmarked message, as before.
 */
export const REPLY_PART_HEADER = 'X-Reply-Part';

/** Default of RPC_MAX_REPLY_BYTES: the most one reply may hold in all its parts. */
export const DEFAULT_MAX_REPLY_BYTES = 64 * 1024 * 1024;

/** Room kept in every message for its headers (part marker, request id, account id). */
const HEADER_ROOM_BYTES = 1024;

/**
 * The most payload one message may carry: the server's max_payload (its configuration, sent to every client
 * on connect) less room for headers.
 */
export function messageBudget(connection: NatsConnection): number {
  const maxPayload = connection.info?.max_payload;
  // Not yet connected, or reconnecting after the NATS server went away: nobody can be asked now.
  if (maxPayload === undefined) throw AppgenError.of('service_unavailable', 'The message bus is reconnecting; try again shortly');
  return maxPayload - HEADER_ROOM_BYTES;
}

/** Splits `data` into parts of at most `budget` bytes (views, no copies). */
export function splitIntoParts(data: Uint8Array, budget: number): Uint8Array[] {
  if (budget < 1) throw new Error(`a message budget of ${budget} bytes cannot carry anything`);
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < data.length; offset += budget) parts.push(data.subarray(offset, offset + budget));
  return parts.length > 0 ? parts : [data];
}

export interface PartMarker {
  index: number;
  count: number;
}

export function formatPartMarker(marker: PartMarker): string {
  return `${marker.index}/${marker.count}`;
}

/** Reads `<index>/<count>`; null for anything else, which a receiver treats as a broken reply. */
export function parsePartMarker(value: string): PartMarker | null {
  const match = /^(\d{1,9})\/(\d{1,9})$/.exec(value);
  if (!match) return null;
  const index = Number(match[1]);
  const count = Number(match[2]);
  return index >= 1 && index <= count ? { index, count } : null;
}

/** Joins the parts of a reply in order into one buffer. */
export function joinParts(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  return Buffer.concat(parts);
}
