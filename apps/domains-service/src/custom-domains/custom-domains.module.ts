import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AcmeIssuer } from '../certificates/acme-issuer';
import { CERTIFICATE_ISSUER, type CertificateIssuer } from '../certificates/certificate-issuer';
import { InternalIssuer } from '../certificates/internal-issuer';
import { DOMAINS_CONFIG, type DomainsConfig } from '../config/domains.config';
import { DomainChecker } from '../verification/domain-checker';
import { CustomDomainsController } from './custom-domains.controller';
import { CustomDomainsService } from './custom-domains.service';
import { ProductionAddress } from './production-address';

@Module({
  controllers: [CustomDomainsController],
  providers: [
    CustomDomainsService,
    ProductionAddress,
    DomainChecker,
    {
      provide: CERTIFICATE_ISSUER,
      inject: [DOMAINS_CONFIG, DataSource],
      useFactory: (config: DomainsConfig, dataSource: DataSource): CertificateIssuer =>
        config.TLS_ISSUER === 'acme'
          ? new AcmeIssuer(dataSource, { directoryUrl: config.ACME_DIRECTORY_URL, email: config.ACME_EMAIL, secretsKey: config.secretsKey })
          : new InternalIssuer(config.DATA_DIR),
    },
  ],
})
export class CustomDomainsModule {}
