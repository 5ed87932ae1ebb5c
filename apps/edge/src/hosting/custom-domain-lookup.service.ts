import { createSecureContext, type SecureContext } from 'node:tls';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainsSubjects, type ResolveHostResponse } from '@appgen/contracts';
import { RpcClient, orNullIfNotFound } from '@appgen/service-kit';
import { ExpiringCache } from '../bundles/expiring-cache';
import { EDGE_CONFIG, type EdgeConfig } from '../config/edge.config';

const MAX_HOSTS = 10_000;
/** A certificate is held at most this long without being asked for again (a renewal is also announced). */
const CERTIFICATE_CACHE_MS = 10 * 60 * 1000;
const MAX_CERTIFICATES = 10_000;

/**
 * Custom domains as the edge sees them, asked of domains-service: which app a host serves (cached like an app, for
 * at most RUNTIME_CACHE_MS) and the TLS context of its certificate for SNI (kept until it is announced changed, for
 * at most ten minutes). domains-service announces `edge.domains.changed` when a domain is verified, gets or renews its
 * certificate, or is removed; HostChangesListener then forgets it here, so a new certificate is used from the next
 * handshake and a removed domain is not served by the next request.
 */
@Injectable()
export class CustomDomainLookup {
  private readonly log = new Logger('CustomDomainLookup');
  private readonly hosts: ExpiringCache<string, ResolveHostResponse | null>;
  private readonly contexts: ExpiringCache<string, SecureContext | null>;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(EDGE_CONFIG) config: EdgeConfig,
  ) {
    this.hosts = new ExpiringCache(config.RUNTIME_CACHE_MS, MAX_HOSTS);
    // "No certificate" is not kept: it is what a domain has until the moment it is issued.
    this.contexts = new ExpiringCache(CERTIFICATE_CACHE_MS, MAX_CERTIFICATES, Date.now, (context) => context !== null);
  }

  /** The app a custom domain belongs to, or null when no app has it. */
  resolve(host: string): Promise<ResolveHostResponse | null> {
    return this.hosts.get(host, () => orNullIfNotFound(this.rpc.request(DomainsSubjects.resolveHost, { host })));
  }

  /** The TLS context for an SNI name; null when the domain has no certificate to serve (the handshake then fails). */
  secureContext(servername: string): Promise<SecureContext | null> {
    return this.contexts.get(servername, async () => {
      const found = await orNullIfNotFound(this.rpc.request(DomainsSubjects.certificate, { domain: servername }));
      if (!found) return null;
      try {
        return createSecureContext({ cert: found.cert_pem, key: found.key_pem });
      } catch (error) {
        this.log.warn(`the certificate of ${servername} cannot be used: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    });
  }

  /** The key authorization of an ACME http-01 token in flight, or null. Never cached: each token is fetched a few times at most. */
  async challenge(token: string): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{1,256}$/.test(token)) return null;
    return (await orNullIfNotFound(this.rpc.request(DomainsSubjects.acmeChallenge, { token })))?.key_authorization ?? null;
  }

  forget(domain: string): void {
    this.hosts.delete(domain);
    this.contexts.delete(domain);
  }
}
