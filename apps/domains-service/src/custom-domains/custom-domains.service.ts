import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppsSubjects,
  DomainsEvents,
  MAX_CUSTOM_DOMAINS_PER_APP,
  type Caller,
  type CertificateResponse,
  type CreateCustomDomainRequest,
  type CreateCustomDomainResponse,
  type CustomDomainByIdRequest,
  type CustomDomainListResponse,
  type CustomDomainMessageResponse,
  type CustomDomainResponse,
  type CustomDomainStatusResponse,
  type CustomDomainsOfAppRequest,
  type DeleteCustomDomainResponse,
  type ResolveHostResponse,
} from '@appgen/contracts';
import { AppgenError, openSecret, RpcClient, isUniqueViolation } from '@appgen/service-kit';
import { DOMAINS_CONFIG, type DomainsConfig } from '../config/domains.config';
import { DOMAINS_CHANNEL, DomainChecker } from '../verification/domain-checker';
import { CustomDomainEntity } from './custom-domain.entity';
import { customDomainDetail, customDomainView, isOperational, type RecordTargets } from './custom-domain-view';
import { parseDomainName } from './domain-name';
import { ProductionAddress } from './production-address';

/**
 * The seven routes of contract 4.6 and what the edge and deployment-service ask. Every call on behalf of an account
 * first asks apps-service for the app with the caller (another account's app is 404 there), then finds the domain
 * among that app's, so another account's domain is 404 too.
 */
@Injectable()
export class CustomDomainsService {
  private readonly targets: RecordTargets;

  constructor(
    private readonly dataSource: DataSource,
    private readonly rpc: RpcClient,
    private readonly checker: DomainChecker,
    private readonly production: ProductionAddress,
    @Inject(DOMAINS_CONFIG) private readonly config: DomainsConfig,
  ) {
    this.targets = { cnameTarget: config.cnameTarget, edgeIpv4: config.EDGE_IPV4 };
  }

  async list(request: CustomDomainsOfAppRequest): Promise<CustomDomainListResponse> {
    await this.ownedApp(request.caller, request.app_id);
    const rows = await this.dataSource.getRepository(CustomDomainEntity).find({ where: { appId: request.app_id }, order: { id: 'ASC' } });
    return {
      custom_domains: rows.map((row) => customDomainView(row, this.targets)),
      cname_target: this.config.cnameTarget,
      can_add_more: rows.length < MAX_CUSTOM_DOMAINS_PER_APP,
    };
  }

  async create(request: CreateCustomDomainRequest): Promise<CreateCustomDomainResponse> {
    const parsed = parseDomainName(request.domain, { appsHost: this.config.APPS_HOST, previewHost: this.config.PREVIEW_HOST });
    if (!parsed.ok) throw AppgenError.validation([{ field: 'domain', message: parsed.message }]);
    if (parsed.domain === this.config.cnameTarget) {
      throw AppgenError.validation([{ field: 'domain', message: "must be a domain you own, not appgen's CNAME target" }]);
    }
    await this.ownedApp(request.caller, request.app_id);
    let saved: CustomDomainEntity;
    try {
      saved = await this.dataSource.transaction(async (manager) => {
        // Serialises adds to one app, so two at once cannot both be the fifth.
        await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`domains.app.${request.app_id}`]);
        const count = await manager.count(CustomDomainEntity, { where: { appId: request.app_id } });
        if (count >= MAX_CUSTOM_DOMAINS_PER_APP) {
          throw AppgenError.of('validation_failed', `An app can have at most ${MAX_CUSTOM_DOMAINS_PER_APP} custom domains; remove one to add another`, {
            errors: [{ field: 'domain', message: `cannot be added: app ${request.app_id} already has ${MAX_CUSTOM_DOMAINS_PER_APP} custom domains` }],
          });
        }
        const row = manager.create(CustomDomainEntity, {
          accountId: request.caller.accountId,
          appId: request.app_id,
          domain: parsed.domain,
          isApex: parsed.isApex,
          recordName: parsed.recordName,
          cycleStartedAt: new Date(),
          // Checked at once: a user who set the record before adding the domain sees it verified within seconds.
          nextCheckAt: new Date(),
          caller: request.caller,
        });
        const inserted = await manager.save(row);
        await manager.query('SELECT pg_notify($1, current_schema())', [DOMAINS_CHANNEL]);
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw AppgenError.of('conflict', `The domain ${parsed.domain} is already added to an app`);
      throw error;
    }
    const detail = customDomainDetail(saved, this.targets);
    return { custom_domain: detail, dns_records: detail.dns_records, cname_target: this.config.cnameTarget };
  }

  async get(request: CustomDomainByIdRequest): Promise<CustomDomainResponse> {
    return { custom_domain: customDomainDetail(await this.owned(request), this.targets) };
  }

  async delete(request: CustomDomainByIdRequest): Promise<DeleteCustomDomainResponse> {
    const row = await this.owned(request);
    await this.dataSource.transaction(async (manager) => {
      const deleted = await manager.delete(CustomDomainEntity, { id: row.id });
      // A delete that ran alongside took it first: that one answers 200, this one finds nothing to remove.
      if (deleted.affected === 0) throw AppgenError.notFound('Custom domain', request.id);
      await manager.query('DELETE FROM acme_challenges WHERE domain = $1', [row.domain]);
    });
    // The edge stops serving it and drops its certificate before this answers.
    await this.rpc.announce(DomainsEvents.hostChanged, { domain: row.domain });
    if (row.isPrimary) await this.production.sync(request.caller, row.appId);
    return { success: true, message: `The custom domain ${row.domain} was removed from app ${row.appId}; the edge no longer serves it.` };
  }

  async setPrimary(request: CustomDomainByIdRequest): Promise<CustomDomainMessageResponse> {
    const row = await this.owned(request);
    const updated = await this.dataSource.transaction(async (manager) => {
      await manager.update(CustomDomainEntity, { appId: row.appId, isPrimary: true }, { isPrimary: false });
      await manager.update(CustomDomainEntity, { id: row.id }, { isPrimary: true, caller: request.caller });
      return this.reload(manager, row.id);
    });
    await this.production.sync(request.caller, row.appId);
    const message = isOperational(updated)
      ? `${updated.domain} is now the primary domain of app ${row.appId}; its production_url is https://${updated.domain}`
      : `${updated.domain} is now the primary domain of app ${row.appId}; production_url becomes https://${updated.domain} once the domain is operational`;
    return { custom_domain: customDomainDetail(updated, this.targets), message };
  }

  async checkStatus(request: CustomDomainByIdRequest): Promise<CustomDomainStatusResponse> {
    const row = await this.owned(request);
    if (row.verificationStatus === 'verified' && row.sslStatus === 'failed') {
      // Asking again is how a failed first certificate is retried.
      await this.dataSource.query(`UPDATE custom_domains SET ssl_status = 'pending', next_ssl_at = now() WHERE id = $1 AND ssl_status = 'failed'`, [row.id]);
    }
    if (row.verificationStatus === 'pending' || row.verificationStatus === 'verified') await this.checker.checkNow(row.id);
    const current = await this.reload(this.dataSource.manager, row.id);
    return { custom_domain: customDomainDetail(current, this.targets), cloudflare_status: current.hostnameStatus, ssl_status: current.sslStatus };
  }

  async refresh(request: CustomDomainByIdRequest): Promise<CustomDomainMessageResponse> {
    const row = await this.owned(request);
    // A fresh cycle: 48 hours again, fast checks again, and a failed certificate ordered again once verified.
    await this.dataSource.query(
      `UPDATE custom_domains SET verification_status = 'pending', verification_error = NULL, cycle_started_at = date_trunc('milliseconds', clock_timestamp()),
              checks_done = 0, next_check_at = now(),
              ssl_status = CASE WHEN ssl_status = 'failed' THEN 'pending' ELSE ssl_status END,
              ssl_error = CASE WHEN ssl_status = 'failed' THEN NULL ELSE ssl_error END, caller = $2, updated_at = now()
        WHERE id = $1`,
      [row.id, JSON.stringify(request.caller)],
    );
    await this.checker.checkNow(row.id);
    const current = await this.reload(this.dataSource.manager, row.id);
    if (!isOperational(current)) await this.rpc.announce(DomainsEvents.hostChanged, { domain: current.domain });
    if (current.isPrimary && isOperational(row) !== isOperational(current)) await this.production.sync(request.caller, row.appId);
    const message =
      current.verificationStatus === 'verified'
        ? `Verification of ${current.domain} restarted: its DNS record was found and it is verified`
        : `Verification of ${current.domain} restarted: it is checked again every few seconds at first, then less often, for up to 48 hours`;
    return { custom_domain: customDomainDetail(current, this.targets), message };
  }

  /** The edge: the app a host serves. 404 when no app has the domain. */
  async resolveHost(host: string): Promise<ResolveHostResponse> {
    const row = await this.dataSource.getRepository(CustomDomainEntity).findOneBy({ domain: host });
    if (!row) throw AppgenError.notFound('Custom domain', host);
    return { app_id: row.appId, domain: row.domain, operational: isOperational(row) };
  }

  /** The edge: an operational domain's certificate and key. 404 otherwise (the handshake then fails). */
  async certificate(domain: string): Promise<CertificateResponse> {
    const row = await this.dataSource.getRepository(CustomDomainEntity).findOneBy({ domain });
    if (!row || !isOperational(row) || !row.certPem || !row.keySealed || !row.certExpiresAt) throw AppgenError.notFound('Certificate of', domain);
    return { cert_pem: row.certPem, key_pem: openSecret(this.config.secretsKey, row.keySealed), expires_at: row.certExpiresAt.toISOString() };
  }

  async acmeChallenge(token: string): Promise<{ key_authorization: string }> {
    const rows: Array<{ key_authorization: string }> = await this.dataSource.query('SELECT key_authorization FROM acme_challenges WHERE token = $1', [token]);
    const row = rows[0];
    if (!row) throw AppgenError.notFound('ACME challenge', token);
    return { key_authorization: row.key_authorization };
  }

  private async ownedApp(caller: Caller, appId: string): Promise<void> {
    await this.rpc.request(AppsSubjects.get, { caller, id: appId });
  }

  private async owned(request: CustomDomainByIdRequest): Promise<CustomDomainEntity> {
    await this.ownedApp(request.caller, request.app_id);
    const row = await this.dataSource.getRepository(CustomDomainEntity).findOneBy({ id: request.id, appId: request.app_id });
    if (!row) throw AppgenError.notFound('Custom domain', request.id);
    return row;
  }

  private async reload(manager: EntityManager, id: number): Promise<CustomDomainEntity> {
    const row = await manager.findOneBy(CustomDomainEntity, { id });
    if (!row) throw AppgenError.notFound('Custom domain', id);
    return row;
  }
}
