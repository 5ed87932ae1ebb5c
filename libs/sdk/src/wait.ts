import type { AppgenClient } from './client';
import type { components } from './api-types.generated';
import { AppgenApiError, AppgenTimeoutError, dataOf, type ApiResult } from './errors';

export type GenerationJob = components['schemas']['GenerationJob'];
export type AppStatus = components['schemas']['AppStatus'];
export type Deployment = NonNullable<AppStatus['deployment']>;

/** Job statuses after which nothing changes (contract 3). */
export const FINAL_JOB_STATUSES: readonly GenerationJob['status'][] = ['completed', 'failed', 'cancelled'];
/** Deployment statuses after which nothing changes. */
export const FINAL_DEPLOYMENT_STATUSES: readonly Deployment['status'][] = ['deployed', 'failed'];

export interface WaitOptions<T> {
  /** give up after this long with AppgenTimeoutError (default 10 minutes) */
  timeoutMs?: number;
  /** stop waiting when it aborts: the wait rejects with the signal's reason */
  signal?: AbortSignal;
  /** called with the first state read and again whenever it changes (status, progress or message) */
  onProgress?: (state: T) => void;
  /** the first pause between reads (default 1 s); it grows by half each unchanged read */
  intervalMs?: number;
  /** the longest pause between reads (default 5 s) */
  maxIntervalMs?: number;
}

/** HTTP answers worth trying again: the platform is busy or a service behind the gateway is briefly away. */
const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);

/**
 * Polls a generation job until it is completed, failed or cancelled, and answers the final job: check its
 * `status` (and `error`) yourself. Progress (`progress`, the coarse checkpoint, and `message`, the readable text)
 * reaches `onProgress` as it changes. Reads are spaced with backoff (1 s growing to 5 s, sooner again after a
 * change); rate limits (429, honouring Retry-After) and a gateway briefly without its services (502-504, no
 * connection) are waited out; any other failure throws AppgenApiError.
 */
export function waitForJob(client: AppgenClient, jobId: string, options: WaitOptions<GenerationJob> = {}): Promise<GenerationJob> {
  return pollUntil(
    `generation job ${jobId}`,
    (signal) => client.GET('/generation_queue/{id}', { params: { path: { id: jobId } }, signal }),
    (job) => FINAL_JOB_STATUSES.includes(job.status),
    (job) => `${job.status} ${job.progress} ${job.message}`,
    options,
  );
}

/**
 * Polls an app's status until the deployment `deploymentId` (what `POST /managed_apps/{id}/deploy` answered) is
 * deployed or failed, and answers the app's status; its `deployment` is that deployment, or a later one that
 * replaced it. Waits like `waitForJob`.
 */
export function waitForDeployment(client: AppgenClient, appId: string, deploymentId: number, options: WaitOptions<AppStatus> = {}): Promise<AppStatus> {
  return pollUntil(
    `deployment ${deploymentId} of app ${appId}`,
    (signal) => client.GET('/managed_apps/{id}/status', { params: { path: { id: appId } }, signal }),
    (status) => status.deployment !== null && status.deployment.id >= deploymentId && FINAL_DEPLOYMENT_STATUSES.includes(status.deployment.status),
    (status) => `${status.deployment?.id} ${status.deployment?.status}`,
    options,
  );
}

async function pollUntil<T>(
  what: string,
  read: (signal: AbortSignal | undefined) => Promise<ApiResult<T>>,
  isFinal: (state: T) => boolean,
  fingerprint: (state: T) => string,
  options: WaitOptions<T>,
): Promise<T> {
  const { timeoutMs = 600_000, signal, onProgress, intervalMs = 1000, maxIntervalMs = 5000 } = options;
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let seen: string | undefined;
  let pause = intervalMs;
  for (;;) {
    signal?.throwIfAborted();
    let wait = pause;
    try {
      const state = await dataOf(read(signal));
      last = state;
      const print = fingerprint(state);
      if (print !== seen) {
        seen = print;
        onProgress?.(state);
        pause = intervalMs;
      } else pause = Math.min(maxIntervalMs, Math.round(pause * 1.5));
      if (isFinal(state)) return state;
      wait = pause;
    } catch (error) {
      if (!isTransient(error)) throw error;
      wait = error instanceof AppgenApiError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : pause;
      pause = Math.min(maxIntervalMs, Math.round(pause * 1.5));
    }
    const left = deadline - Date.now();
    if (left <= 0) throw new AppgenTimeoutError(`Gave up waiting for ${what} after ${Math.round(timeoutMs / 1000)} s`, last);
    await sleep(Math.min(wait, left), signal);
  }
}

function isTransient(error: unknown): boolean {
  if (error instanceof AppgenApiError) return TRANSIENT_STATUSES.has(error.status);
  // fetch rejects with a TypeError when there is no answer at all (connection refused or reset).
  return error instanceof TypeError;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
