import { DNS_RECORD_TTL, type CustomDomainDetail, type CustomDomainView, type DnsRecord } from '@appgen/contracts';
import type { CustomDomainEntity } from './custom-domain.entity';

export interface RecordTargets {
  cnameTarget: string;
  edgeIpv4: string;
}

/** The record the user creates at their DNS host (contract 4.6): a CNAME for a subdomain, an A record `@` for an apex. */
export function dnsRecordOf(row: Pick<CustomDomainEntity, 'isApex' | 'recordName'>, targets: RecordTargets): DnsRecord {
  return row.isApex
    ? { type: 'A', name: '@', value: targets.edgeIpv4, ttl: DNS_RECORD_TTL }
    : { type: 'CNAME', name: row.recordName, value: targets.cnameTarget, ttl: DNS_RECORD_TTL };
}

export function isOperational(row: Pick<CustomDomainEntity, 'verificationStatus' | 'sslStatus'>): boolean {
  return row.verificationStatus === 'verified' && row.sslStatus === 'active';
}

export function customDomainView(row: CustomDomainEntity, targets: RecordTargets): CustomDomainView {
  return {
    id: row.id,
    domain: row.domain,
    url: `https://${row.domain}`,
    verification_status: row.verificationStatus,
    ssl_status: row.sslStatus,
    primary: row.isPrimary,
    active: row.hostnameStatus === 'active',
    operational: isOperational(row),
    is_apex: row.isApex,
    dns_records: dnsRecordOf(row, targets),
    created_at: row.createdAt.toISOString(),
  };
}

export function customDomainDetail(row: CustomDomainEntity, targets: RecordTargets): CustomDomainDetail {
  return {
    ...customDomainView(row, targets),
    verified_at: row.verifiedAt?.toISOString() ?? null,
    ssl_active_at: row.sslActiveAt?.toISOString() ?? null,
    verification_error: row.verificationError,
    ssl_error: row.sslError,
  };
}
