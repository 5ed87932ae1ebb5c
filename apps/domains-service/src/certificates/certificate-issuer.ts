/** A certificate for one host name: the leaf followed by its chain, and its private key, both PEM. */
export interface IssuedCertificate {
  certPem: string;
  keyPem: string;
  expiresAt: Date;
}

/** Who signs a verified domain's certificate (TLS_ISSUER): the internal CA at once, or an ACME CA. */
export interface CertificateIssuer {
  readonly name: 'internal' | 'acme';
  issue(domain: string): Promise<IssuedCertificate>;
}

export const CERTIFICATE_ISSUER = Symbol('CERTIFICATE_ISSUER');
