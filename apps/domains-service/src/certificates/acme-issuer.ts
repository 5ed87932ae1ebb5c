import { Logger } from '@nestjs/common';
import * as acme from 'acme-client';
import type { DataSource } from 'typeorm';
import { openSecret, sealSecret } from '@appgen/service-kit';
import type { CertificateIssuer, IssuedCertificate } from './certificate-issuer';

export interface AcmeIssuerOptions {
  directoryUrl: string;
  email: string | undefined;
  secretsKey: Buffer;
}

interface AccountRow {
  key_sealed: string;
  account_url: string | null;
}

/**
 * TLS_ISSUER=acme: an ACME v2 CA (Let's Encrypt in production, pebble in tests) through acme-client. One account
 * per directory, its key kept sealed under SECRETS_KEY in `acme_accounts` so every replica and restart uses the same
 * account. Challenges are http-01: the token and key authorization go into `acme_challenges`, where the edge reads
 * them (DomainsSubjects.acmeChallenge) when the CA fetches `http://<domain>/.well-known/acme-challenge/<token>`.
 */
export class AcmeIssuer implements CertificateIssuer {
  readonly name = 'acme' as const;
  private readonly log = new Logger('AcmeIssuer');
  private client?: Promise<acme.Client>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: AcmeIssuerOptions,
  ) {}

  async issue(domain: string): Promise<IssuedCertificate> {
    const client = await this.account();
    const [key, csr] = await acme.crypto.createCsr({ commonName: domain, altNames: [domain] }, await acme.crypto.createPrivateEcdsaKey());
    const certPem = await client.auto({
      csr,
      email: this.options.email,
      termsOfServiceAgreed: true,
      challengePriority: ['http-01'],
      // The CA reaches the edge through public DNS; a check from here would ask this machine's resolver instead.
      skipChallengeVerification: true,
      challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
        await this.dataSource.query(
          `INSERT INTO acme_challenges (token, domain, key_authorization) VALUES ($1, $2, $3)
           ON CONFLICT (token) DO UPDATE SET key_authorization = EXCLUDED.key_authorization`,
          [challenge.token, domain, keyAuthorization],
        );
      },
      challengeRemoveFn: async (_authz, challenge) => {
        await this.dataSource.query('DELETE FROM acme_challenges WHERE token = $1', [challenge.token]);
      },
    });
    const info = acme.crypto.readCertificateInfo(certPem);
    return { certPem, keyPem: key.toString('utf8'), expiresAt: info.notAfter };
  }

  private account(): Promise<acme.Client> {
    this.client ??= this.loadAccount().catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
    return this.client;
  }

  private async loadAccount(): Promise<acme.Client> {
    const { directoryUrl, secretsKey } = this.options;
    const fresh = sealSecret(secretsKey, (await acme.crypto.createPrivateKey()).toString('utf8'));
    // The first replica to get here creates the account key; the others read it.
    await this.dataSource.query('INSERT INTO acme_accounts (directory_url, key_sealed) VALUES ($1, $2) ON CONFLICT DO NOTHING', [directoryUrl, fresh]);
    const rows: AccountRow[] = await this.dataSource.query('SELECT key_sealed, account_url FROM acme_accounts WHERE directory_url = $1', [directoryUrl]);
    const row = rows[0];
    if (!row) throw new Error('the ACME account could not be stored');
    const accountKey = openSecret(secretsKey, row.key_sealed);
    const client = new acme.Client({ directoryUrl, accountKey, ...(row.account_url ? { accountUrl: row.account_url } : {}) });
    if (!row.account_url) {
      await client.createAccount({ termsOfServiceAgreed: true, ...(this.options.email ? { contact: [`mailto:${this.options.email}`] } : {}) });
      await this.dataSource.query('UPDATE acme_accounts SET account_url = $2 WHERE directory_url = $1', [directoryUrl, client.getAccountUrl()]);
      this.log.log(`ACME account created at ${directoryUrl}`);
    }
    return client;
  }
}
