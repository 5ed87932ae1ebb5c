import { Inject, Injectable } from '@nestjs/common';
import { Empty, JSONCodec, type NatsConnection } from 'nats';
import { healthSubject, SERVICE_NAMES, type HealthReport, type ServiceName } from '@appgen/contracts';
import { AppgenError, NATS_CONNECTION } from '@appgen/service-kit';

/** Every process the gateway routes to: all but the gateway itself. */
export type BackendName = Exclude<ServiceName, 'gateway'>;
export const BACKENDS: readonly BackendName[] = SERVICE_NAMES.filter((name): name is BackendName => name !== 'gateway');

/** `ok`: answering and its checks pass; `degraded`: answering, a check fails (its database); `down`: no answer. */
export type BackendState = 'ok' | 'degraded' | 'down';
export type BackendStates = Record<BackendName, BackendState>;

/**
 * Probes answer in milliseconds; a backend silent this long is as good as down for the users waiting on it,
 * and the gateway's /health must stay well inside a load balancer's or Kubernetes probe timeout.
 */
export const PROBE_TIMEOUT_MS = 1000;
/** Load balancers and probes poll every few seconds from many places; one round of probes serves them all. */
export const CACHE_MS = 1000;

const codec = JSONCodec<unknown>();

/** The state in a `health.<service>` reply, which the service kit sends in Nest's envelope `{response: report}`. */
export function stateOfReply(reply: unknown): BackendState {
  if (typeof reply !== 'object' || reply === null || !('response' in reply)) return 'degraded';
  const report: unknown = reply.response;
  if (typeof report !== 'object' || report === null || !('status' in report)) return 'degraded';
  const ok: HealthReport['status'] = 'ok';
  return report.status === ok ? 'ok' : 'degraded';
}

/**
 * Asks every backend's `health.<service>` subject, all at once. Any replica's answer counts: a service with
 * one replica up still serves every request. No responder (NATS tells at once) or a timeout is `down`.
 */
@Injectable()
export class BackendHealthService {
  private cached?: { at: number; states: Promise<BackendStates> };

  constructor(@Inject(NATS_CONNECTION) private readonly nats: NatsConnection) {}

  states(): Promise<BackendStates> {
    const now = Date.now();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.states;
    // The promise is cached, so callers arriving during a round share it instead of starting their own.
    const states = this.probeAll();
    this.cached = { at: now, states };
    return states;
  }

  /**
   * Refuses with 503 when `name` does not answer right now (asked afresh, not from the cache): for a step that
   * cannot be undone and must not run when a service it needs afterwards is away.
   */
  async requireServing(name: BackendName): Promise<void> {
    if ((await this.probe(name)) === 'down') {
      throw AppgenError.of('service_unavailable', `The ${name} is unavailable right now; try again shortly`);
    }
  }

  private async probeAll(): Promise<BackendStates> {
    const entries = await Promise.all(BACKENDS.map(async (name) => [name, await this.probe(name)] as const));
    // One entry per backend, as BACKENDS lists them all; fromEntries only loses that in its type.
    return Object.fromEntries(entries) as BackendStates;
  }

  private async probe(name: BackendName): Promise<BackendState> {
    if (this.nats.isClosed()) return 'down';
    try {
      const message = await this.nats.request(healthSubject(name), Empty, { timeout: PROBE_TIMEOUT_MS });
      return stateOfReply(codec.decode(message.data));
    } catch {
      // No responders, a timeout, or a reply that is not JSON: nothing a user's request could be served by.
      return 'down';
    }
  }
}
