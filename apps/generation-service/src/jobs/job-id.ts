import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const JOB_ID = /^job_[a-z0-9]{20}$/;
/** Postgres bigint; longer digit strings cannot name a job. */
const MAX_MESSAGE_ID = 9_007_199_254_740_991;

/** `job_` + 20 lowercase alphanumerics: 36^20 ≈ 1.3e31 ids, unguessable across tenants. */
export function newJobId(): string {
  let id = 'job_';
  while (id.length < 24) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}

export type JobReference = { kind: 'job_id'; jobId: string } | { kind: 'message_id'; messageId: number };

/**
 * What `GET /generation_queue/:id` names: a job id, or the job's message id (digits). Anything else names no
 * job (null), which callers answer with 404 like an unknown id.
 */
export function parseJobReference(raw: string): JobReference | null {
  const id = raw.trim();
  if (/^\d{1,16}$/.test(id)) {
    const messageId = Number(id);
    return messageId > 0 && messageId <= MAX_MESSAGE_ID ? { kind: 'message_id', messageId } : null;
  }
  const lower = id.toLowerCase();
  return JOB_ID.test(lower) ? { kind: 'job_id', jobId: lower } : null;
}
