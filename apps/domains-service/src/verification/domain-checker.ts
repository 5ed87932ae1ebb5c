import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainsEvents, type Caller } from '@appgen/contracts';
import { RpcClient, sealSecret } from '@appgen/service-kit';
import { NotifiedWorkLoop } from '@appgen/service-kit/database';
import { CERTIFICATE_ISSUER, type CertificateIssuer } from '../certificates/certificate-issuer';
import { DOMAINS_CONFIG, type DomainsConfig } from '../config/domains.config';
import { ProductionAddress } from '../custom-domains/production-address';
import { nextCheckDelay } from './check-schedule';
import { dnsLookup, stillPointsAtEdge, verifyDns, type DnsLookup } from './dns-verifier';

/** Writers NOTIFY this channel with the schema name when a DNS check or a certificate order is due now. */
export const DOMAINS_CHANNEL = 'domains_work';
const POLL_INTERVAL_MS = 1000;
/** DNS checks started per pass: each is a few lookups of at most a few seconds. */
const DNS_BATCH = 20;
/** Certificate orders started per pass: an ACME order takes seconds and several round trips. */
const SSL_BATCH = 4;
/** A claimed check is invisible to other replicas this long; a process that died mid-check only delays it. */
const DNS_LEASE_SECONDS = 30;
const SSL_LEASE_SECONDS = 300;
/**
 * Re-checks in a row that must find a verified domain's record pointing elsewhere before it is taken offline: one
 * odd answer (a resolver's stale cache, a record being edited) must not stop serving a live domain.
 */
export const MOVED_AFTER_MISSES = 2;

/**
 * What a re-check that found the record pointing elsewhere does: wait for a confirming re-check, or mark the domain
 * moved. A check the owner asked for (check_status, refresh) concludes at once: they are looking at the answer.
 */
export function recheckMissOutcome(missesBefore: number, askedByOwner: boolean): 'confirm' | 'moved' {
  return askedByOwner || missesBefore + 1 >= MOVED_AFTER_MISSES ? 'moved' : 'confirm';
}

interface ClaimedCheck {
  id: number;
  domain: string;
  is_apex: boolean;
  /** `pending`: is the record there yet? `verified`: is it still there (a re-check)? */
  verification_status: 'pending' | 'verified';
  cycle_started_at: Date;
  checks_done: number;
  recheck_misses: number;
  app_id: string;
  is_primary: boolean;
  caller: Caller;
}

interface ClaimedOrder {
  id: number;
  domain: string;
  app_id: string;
  is_primary: boolean;
  caller: Caller;
}

interface Moved {
  domain: string;
  app_id: string;
  is_primary: boolean;
  caller: Caller;
  ssl_status: string;
}

/*
 * Statements that change rows and answer them are written `WITH changed AS (UPDATE … RETURNING …) SELECT`, so that
 * DataSource.query answers the rows themselves (a bare UPDATE answers [rows, count]).
 */

/**
 * The durable checker. Its state is the rows: `next_check_at` says when a domain's DNS is looked at next (a pending
 * domain's on the check schedule, a verified domain's re-check every DNS_RECHECK_SECONDS), `next_ssl_at` when a
 * verified domain's certificate is ordered or renewed. A pass claims due rows with
 * FOR UPDATE SKIP LOCKED and leases them (pushes the time past the work's length), so replicas never check one
 * domain at once and a restart resumes where the rows say, a domain claimed by a dead process after its lease.
 * Outcomes are written only if the row is still in the cycle that was checked (a refresh in between wins).
 */
@Injectable()
export class DomainChecker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('DomainChecker');
  private readonly lookup: DnsLookup;
  private loop?: NotifiedWorkLoop;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly production: ProductionAddress,
    @Inject(DOMAINS_CONFIG) private readonly config: DomainsConfig,
    @Inject(CERTIFICATE_ISSUER) private readonly issuer: CertificateIssuer,
  ) {
    this.lookup = dnsLookup(config.dnsServers);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.loop = new NotifiedWorkLoop({
      name: 'DomainChecker',
      databaseUrl: this.config.DATABASE_URL,
      channel: DOMAINS_CHANNEL,
      schema: String(this.dataSource.driver.schema),
      pollIntervalMs: POLL_INTERVAL_MS,
      pass: () => this.pass(),
    });
    await this.loop.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
    await Promise.allSettled([...this.running]);
  }

  wake(): void {
    this.loop?.wake();
  }

  /**
   * check_status: this domain's DNS now, whatever its schedule, then its certificate if it was just verified and
   * the issuer signs at once. Answers when both are recorded.
   */
  async checkNow(id: number): Promise<void> {
    const [claimed] = await this.claimChecks(id);
    if (claimed) await this.check(claimed, true);
    const [order] = await this.claimOrders(id);
    if (order) {
      // The internal CA signs in milliseconds: the answer can show the certificate. An ACME order runs on in the background.
      if (this.issuer.name === 'internal') await this.order(order);
      else this.track(this.order(order));
    }
  }

  private async pass(): Promise<void> {
    const checks = await this.claimChecks(null);
    const orders = await this.claimOrders(null);
    await Promise.all(checks.map((claimed) => this.check(claimed).catch((error: unknown) => this.log.warn(`checking ${claimed.domain} failed: ${String(error)}`))));
    for (const order of orders) this.track(this.order(order));
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) => this.log.warn(`certificate work failed: ${String(error)}`)).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Due DNS checks and re-checks (or the one named, due or not), leased to this process. */
  private claimChecks(id: number | null): Promise<ClaimedCheck[]> {
    return this.dataSource.query(
      `WITH picked AS (
         SELECT id FROM custom_domains
          WHERE verification_status IN ('pending', 'verified') AND next_check_at IS NOT NULL
            AND ${id === null ? 'next_check_at <= now()' : 'id = $3'}
          ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       , leased AS (UPDATE custom_domains d SET next_check_at = now() + make_interval(secs => $2)
         FROM picked WHERE d.id = picked.id
       RETURNING d.id, d.domain, d.is_apex, d.verification_status, d.cycle_started_at, d.checks_done, d.recheck_misses, d.app_id, d.is_primary, d.caller)
       SELECT * FROM leased`,
      id === null ? [DNS_BATCH, DNS_LEASE_SECONDS] : [1, DNS_LEASE_SECONDS, id],
    );
  }

  /** Due certificate orders and renewals (or the named domain's, if due), leased; a first order shows `initializing`. */
  private async claimOrders(id: number | null): Promise<ClaimedOrder[]> {
    const rows: ClaimedOrder[] = await this.dataSource.query(
      `WITH picked AS (
         SELECT id FROM custom_domains
          WHERE verification_status = 'verified' AND next_ssl_at IS NOT NULL AND next_ssl_at <= now()
            ${id === null ? '' : 'AND id = $3'}
          ORDER BY next_ssl_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       , leased AS (UPDATE custom_domains d SET next_ssl_at = now() + make_interval(secs => $2),
              ssl_status = CASE WHEN d.ssl_status = 'active' THEN 'active' ELSE 'initializing' END, ssl_error = NULL
         FROM picked WHERE d.id = picked.id
       RETURNING d.id, d.domain, d.app_id, d.is_primary, d.caller)
       SELECT * FROM leased`,
      id === null ? [SSL_BATCH, SSL_LEASE_SECONDS] : [1, SSL_LEASE_SECONDS, id],
    );
    return rows;
  }

  /** Seconds until a verified domain's next re-check: DNS_RECHECK_SECONDS, spread by ±10% so domains verified together do not stay together. */
  private recheckDelay(): number {
    const base = this.config.DNS_RECHECK_SECONDS;
    return Math.max(1, Math.round(base * (0.9 + Math.random() * 0.2)));
  }

  private async check(claimed: ClaimedCheck, askedByOwner = false): Promise<void> {
    if (claimed.verification_status === 'verified') return this.recheck(claimed, askedByOwner);
    const verdict = await verifyDns(this.lookup, claimed.domain, claimed.is_apex, this.config.cnameTarget, this.config.EDGE_IPV4);
    const cycle = [claimed.id, claimed.cycle_started_at];
    if (verdict.ok) {
      // Verified (a moved domain pointed back is too): the certificate is ordered next (now), unless one from before
      // is still held and unexpired; its renewal then comes when it was due. Its DNS is re-checked from now on.
      const moved: Moved[] = await this.dataSource.query(
        `WITH changed AS (UPDATE custom_domains SET verification_status = 'verified', verification_error = NULL, verified_at = now(),
                hostname_status = 'active', checks_done = checks_done + 1, recheck_misses = 0, next_check_at = now() + make_interval(secs => $3),
                ssl_status = CASE WHEN ssl_status = 'active' AND cert_expires_at > now() THEN 'active' ELSE 'pending' END,
                next_ssl_at = CASE WHEN ssl_status = 'active' AND cert_expires_at > now() THEN next_ssl_at ELSE now() END, updated_at = now()
          WHERE id = $1 AND cycle_started_at = $2 AND verification_status = 'pending'
          RETURNING domain, app_id, is_primary, caller, ssl_status) SELECT * FROM changed`,
        [...cycle, this.recheckDelay()],
      );
      const row = moved[0];
      if (!row) return;
      this.log.log(`${row.domain} verified`);
      await this.dataSource.query('SELECT pg_notify($1, current_schema())', [DOMAINS_CHANNEL]);
      await this.announce(row.domain);
      if (row.is_primary && row.ssl_status === 'active') await this.production.syncQuietly(row.caller, row.app_id);
      return;
    }
    const checksDone = claimed.checks_done + 1;
    const windowEnds = claimed.cycle_started_at.getTime() + this.config.DNS_VERIFY_WINDOW_SECONDS * 1000;
    if (Date.now() >= windowEnds) {
      const failed: Array<{ domain: string }> = await this.dataSource.query(
        `WITH changed AS (UPDATE custom_domains SET verification_status = 'failed', verification_error = $3, checks_done = checks_done + 1,
                next_check_at = NULL, hostname_status = CASE WHEN verified_at IS NULL THEN 'pending' ELSE 'moved' END, updated_at = now()
          WHERE id = $1 AND cycle_started_at = $2 AND verification_status = 'pending' RETURNING domain) SELECT * FROM changed`,
        [...cycle, `Not verified within ${Math.round(this.config.DNS_VERIFY_WINDOW_SECONDS / 3600)} hours: ${verdict.reason}`],
      );
      if (failed[0]) this.log.log(`${failed[0].domain} failed verification: ${verdict.reason}`);
      return;
    }
    const delay = Math.min(nextCheckDelay(this.config.checkSchedule, checksDone), Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000)));
    await this.dataSource.query(
      `UPDATE custom_domains SET checks_done = checks_done + 1, next_check_at = now() + make_interval(secs => $3)
        WHERE id = $1 AND cycle_started_at = $2 AND verification_status = 'pending'`,
      [...cycle, delay],
    );
  }

  /**
   * A verified domain's record, looked at again. Still pointing at appgen (for a subdomain, also an A record with the
   * edge's address): next re-check in DNS_RECHECK_SECONDS.
   * The lookup failed (timeout, SERVFAIL): nothing is concluded, it is tried again soon. Pointing elsewhere or gone,
   * once: still served, looked at again soon (the check schedule's first step). Twice in a row (or once when the
   * owner asked): the domain is `moved`: no longer verified, so not operational and not served (the edge forgets it now), its
   * certificate kept; a fresh verification cycle starts, so pointing the record back makes it verified and active
   * again within the check schedule, with the certificate it had. The row is never deleted.
   */
  private async recheck(claimed: ClaimedCheck, askedByOwner: boolean): Promise<void> {
    const verdict = await stillPointsAtEdge(this.lookup, claimed.domain, claimed.is_apex, this.config.cnameTarget, this.config.EDGE_IPV4);
    const cycle = [claimed.id, claimed.cycle_started_at];
    if (verdict.ok || verdict.transient) {
      const schedule = this.config.checkSchedule;
      const delay = verdict.ok ? this.recheckDelay() : Math.min(this.config.DNS_RECHECK_SECONDS, schedule[schedule.length - 1] ?? 900);
      if (!verdict.ok) this.log.warn(`re-checking ${claimed.domain}: ${verdict.reason}`);
      await this.dataSource.query(
        `UPDATE custom_domains SET next_check_at = now() + make_interval(secs => $3)${verdict.ok ? ', recheck_misses = 0' : ''}
          WHERE id = $1 AND cycle_started_at = $2 AND verification_status = 'verified'`,
        [...cycle, delay],
      );
      return;
    }
    if (recheckMissOutcome(claimed.recheck_misses, askedByOwner) === 'confirm') {
      this.log.warn(`${claimed.domain} seems to point elsewhere (${verdict.reason}); serving it until a re-check confirms`);
      await this.dataSource.query(
        `UPDATE custom_domains SET recheck_misses = recheck_misses + 1, next_check_at = now() + make_interval(secs => $3)
          WHERE id = $1 AND cycle_started_at = $2 AND verification_status = 'verified'`,
        [...cycle, nextCheckDelay(this.config.checkSchedule, 1)],
      );
      return;
    }
    const moved: Array<{ domain: string }> = await this.dataSource.query(
      `WITH changed AS (UPDATE custom_domains SET verification_status = 'pending', hostname_status = 'moved', verification_error = $3, recheck_misses = 0,
              cycle_started_at = date_trunc('milliseconds', clock_timestamp()), checks_done = 0,
              next_check_at = now() + make_interval(secs => $4), updated_at = now()
        WHERE id = $1 AND cycle_started_at = $2 AND verification_status = 'verified' RETURNING domain) SELECT * FROM changed`,
      [...cycle, `The DNS record no longer points at appgen: ${verdict.reason}`.slice(0, 1000), nextCheckDelay(this.config.checkSchedule, 1)],
    );
    if (!moved[0]) return;
    this.log.log(`${claimed.domain} moved: ${verdict.reason}`);
    // The edge stops serving it with the next request; a primary hands production_url back to the default address.
    await this.announce(claimed.domain);
    if (claimed.is_primary) await this.production.syncQuietly(claimed.caller, claimed.app_id);
  }

  private async order(order: ClaimedOrder): Promise<void> {
    let issued;
    try {
      issued = await this.issuer.issue(order.domain);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.warn(`certificate for ${order.domain} not issued: ${reason}`);
      // A renewal that fails keeps the certificate it has (still valid for weeks) and tries again later; a first
      // order fails, visibly, until check_status or refresh asks again.
      await this.dataSource.query(
        `UPDATE custom_domains SET ssl_error = $2, updated_at = now(),
                ssl_status = CASE WHEN ssl_status = 'active' THEN 'active' ELSE 'failed' END,
                next_ssl_at = CASE WHEN ssl_status = 'active' THEN now() + make_interval(secs => $3) ELSE NULL END
          WHERE id = $1 AND verification_status = 'verified'`,
        [order.id, `The certificate could not be issued: ${reason}`.slice(0, 1000), this.config.CERT_RETRY_SECONDS],
      );
      return;
    }
    const renewAt = new Date(issued.expiresAt.getTime() - this.config.CERT_RENEW_BEFORE_DAYS * 24 * 3600 * 1000);
    const stored: Moved[] = await this.dataSource.query(
      `WITH changed AS (UPDATE custom_domains SET cert_pem = $2, key_sealed = $3, cert_expires_at = $4, ssl_status = 'active', ssl_error = NULL,
              ssl_active_at = coalesce(ssl_active_at, now()), next_ssl_at = greatest($5::timestamptz, now() + interval '1 hour'), updated_at = now()
        WHERE id = $1 AND verification_status = 'verified'
        RETURNING domain, app_id, is_primary, caller, ssl_status) SELECT * FROM changed`,
      [order.id, issued.certPem, sealSecret(this.config.secretsKey, issued.keyPem), issued.expiresAt, renewAt],
    );
    const row = stored[0];
    if (!row) return;
    this.log.log(`certificate for ${row.domain} issued by the ${this.issuer.name} issuer, valid until ${issued.expiresAt.toISOString()}`);
    // The edge drops the context it holds for this name and loads the new certificate with the next handshake.
    await this.announce(row.domain);
    if (row.is_primary) await this.production.syncQuietly(row.caller, row.app_id);
  }

  private async announce(domain: string): Promise<void> {
    await this.rpc.announce(DomainsEvents.hostChanged, { domain });
  }
}
