import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Caller, HostnameStatus, SslStatus, VerificationStatus } from '@appgen/contracts';

@Entity({ schema: 'domains', name: 'custom_domains' })
export class CustomDomainEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'account_id', type: 'integer' })
  accountId!: number;

  @Column({ name: 'app_id', type: 'text' })
  appId!: string;

  /** lowercase punycode, no trailing dot */
  @Column({ type: 'text' })
  domain!: string;

  @Column({ name: 'is_apex', type: 'boolean' })
  isApex!: boolean;

  /** `@` or the labels in front of the registrable domain */
  @Column({ name: 'record_name', type: 'text' })
  recordName!: string;

  @Column({ name: 'is_primary', type: 'boolean', default: false })
  isPrimary!: boolean;

  @Column({ name: 'verification_status', type: 'text', default: 'pending' })
  verificationStatus!: VerificationStatus;

  @Column({ name: 'verification_error', type: 'text', nullable: true })
  verificationError!: string | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @Column({ name: 'hostname_status', type: 'text', default: 'pending' })
  hostnameStatus!: HostnameStatus;

  /** When the current verification cycle began (creation or refresh): 48 hours after it, a pending domain fails. */
  @Column({ name: 'cycle_started_at', type: 'timestamptz' })
  cycleStartedAt!: Date;

  @Column({ name: 'checks_done', type: 'integer', default: 0 })
  checksDone!: number;

  /** A verified domain's re-checks in a row that found its record pointing elsewhere (moved is confirmed at two). */
  @Column({ name: 'recheck_misses', type: 'integer', default: 0 })
  recheckMisses!: number;

  /** When the checker looks at the DNS next; null once verified or failed. */
  @Column({ name: 'next_check_at', type: 'timestamptz', nullable: true })
  nextCheckAt!: Date | null;

  @Column({ name: 'ssl_status', type: 'text', default: 'pending' })
  sslStatus!: SslStatus;

  @Column({ name: 'ssl_error', type: 'text', nullable: true })
  sslError!: string | null;

  @Column({ name: 'ssl_active_at', type: 'timestamptz', nullable: true })
  sslActiveAt!: Date | null;

  /** When a certificate is ordered or renewed next; null while none is wanted. */
  @Column({ name: 'next_ssl_at', type: 'timestamptz', nullable: true })
  nextSslAt!: Date | null;

  @Column({ name: 'cert_pem', type: 'text', nullable: true })
  certPem!: string | null;

  /** The certificate's private key, AES-256-GCM under SECRETS_KEY (service-kit's secret-box). */
  @Column({ name: 'key_sealed', type: 'text', nullable: true })
  keySealed!: string | null;

  @Column({ name: 'cert_expires_at', type: 'timestamptz', nullable: true })
  certExpiresAt!: Date | null;

  /** Who added the domain: the checker acts for them when a primary's going live changes the app's production_url. */
  @Column({ type: 'jsonb' })
  caller!: Caller;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
