import { randomBytes, type webcrypto } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import type { CertificateIssuer, IssuedCertificate } from './certificate-issuer';

// Node's Web Crypto, which @peculiar/x509 signs with.
const crypto = globalThis.crypto;
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const CA_YEARS = 10;
/** As long as a public CA's certificates live, so renewal runs the same way for both issuers. */
const LEAF_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;

function pem(label: string, der: ArrayBuffer): string {
  const body = Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----\n`;
}

function derOf(text: string): Buffer {
  return Buffer.from(text.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

function serial(): string {
  // Positive (high bit clear) and unique enough that no two certificates of one CA share it.
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

interface Authority {
  certificate: x509.X509Certificate;
  certPem: string;
  privateKey: webcrypto.CryptoKey;
}

/**
 * The local default (TLS_ISSUER=internal), as Caddy's internal issuer: a certificate authority created once in the
 * data folder (`<DATA_DIR>/domains-ca/`) signs each verified domain's certificate at once, so HTTPS works on a
 * machine without the internet. Browsers trust it once its `ca.pem` is added to their trust store; replicas share
 * it through the folder, and the one created first wins (written aside, then renamed over nothing).
 */
export class InternalIssuer implements CertificateIssuer {
  readonly name = 'internal' as const;
  private authority?: Promise<Authority>;

  constructor(private readonly dataDir: string) {}

  /** Where the CA's certificate is, for operators and tests to trust. */
  get caCertPath(): string {
    return join(this.dataDir, 'domains-ca', 'ca.pem');
  }

  async caCertPem(): Promise<string> {
    return (await this.loadAuthority()).certPem;
  }

  async issue(domain: string): Promise<IssuedCertificate> {
    const authority = await this.loadAuthority();
    const keys = (await crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
    const notBefore = new Date(Date.now() - 60_000);
    const notAfter = new Date(notBefore.getTime() + LEAF_DAYS * DAY_MS);
    const certificate = await x509.X509CertificateGenerator.create(
      {
        serialNumber: serial(),
        subject: `CN=${domain}`,
        issuer: authority.certificate.subject,
        notBefore,
        notAfter,
        signingAlgorithm: ALGORITHM,
        publicKey: keys.publicKey,
        signingKey: authority.privateKey,
        extensions: [
          new x509.SubjectAlternativeNameExtension([{ type: 'dns', value: domain }]),
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
          await x509.AuthorityKeyIdentifierExtension.create(authority.certificate, false, crypto),
        ],
      },
      crypto,
    );
    const keyPem = pem('PRIVATE KEY', await crypto.subtle.exportKey('pkcs8', keys.privateKey));
    return { certPem: `${certificate.toString('pem')}\n${authority.certPem}`, keyPem, expiresAt: notAfter };
  }

  private loadAuthority(): Promise<Authority> {
    this.authority ??= this.readOrCreate().catch((error: unknown) => {
      this.authority = undefined;
      throw error;
    });
    return this.authority;
  }

  private async readOrCreate(): Promise<Authority> {
    const dir = join(this.dataDir, 'domains-ca');
    const certPath = join(dir, 'ca.pem');
    const keyPath = join(dir, 'ca-key.pem');
    try {
      return await this.read(certPath, keyPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const keys = (await crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
    const notBefore = new Date(Date.now() - 60_000);
    const certificate = await x509.X509CertificateGenerator.createSelfSigned(
      {
        serialNumber: serial(),
        name: `CN=appgen internal CA ${randomBytes(4).toString('hex')}, O=appgen`,
        notBefore,
        notAfter: new Date(notBefore.getTime() + CA_YEARS * 365 * DAY_MS),
        signingAlgorithm: ALGORITHM,
        keys,
        extensions: [
          new x509.BasicConstraintsExtension(true, 0, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
          await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
        ],
      },
      crypto,
    );
    const suffix = randomBytes(6).toString('hex');
    // The key first: a replica that sees ca.pem can then always read its key.
    await writeFile(`${keyPath}.${suffix}`, pem('PRIVATE KEY', await crypto.subtle.exportKey('pkcs8', keys.privateKey)), { mode: 0o600 });
    await writeFile(`${certPath}.${suffix}`, certificate.toString('pem'), { mode: 0o644 });
    try {
      await writeFile(certPath, '', { flag: 'wx' }).then(() => undefined);
    } catch {
      // Another process created the CA meanwhile: use theirs.
      return this.readWhenComplete(certPath, keyPath);
    }
    await rename(`${keyPath}.${suffix}`, keyPath);
    await rename(`${certPath}.${suffix}`, certPath);
    return this.read(certPath, keyPath);
  }

  private async readWhenComplete(certPath: string, keyPath: string): Promise<Authority> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const text = await readFile(certPath, 'utf8');
      if (text.includes('BEGIN CERTIFICATE')) return this.read(certPath, keyPath);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the internal CA at ${certPath} stays empty`);
  }

  private async read(certPath: string, keyPath: string): Promise<Authority> {
    const certPem = await readFile(certPath, 'utf8');
    if (!certPem.includes('BEGIN CERTIFICATE')) return this.readWhenComplete(certPath, keyPath);
    const keyPem = await readFile(keyPath, 'utf8');
    const privateKey = await crypto.subtle.importKey('pkcs8', derOf(keyPem), ALGORITHM, false, ['sign']);
    return { certificate: new x509.X509Certificate(certPem), certPem: certPem.endsWith('\n') ? certPem : `${certPem}\n`, privateKey };
  }
}
