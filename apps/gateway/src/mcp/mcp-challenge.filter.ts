import { Catch, Inject, Injectable } from '@nestjs/common';
import { presentedCredential } from '../access/presented-credential';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { ApiExceptionFilter, type FailedRequest } from '../errors/api-exception.filter';
import { resourceMetadataUrl } from '../oauth/oauth-metadata';

/**
 * The bearer challenge of RFC 9728 section 5.1: it names the metadata of the resource `/mcp` itself, so an MCP client
 * that was refused can start OAuth on its own; `error="invalid_token"` (RFC 6750) when a credential was presented
 * and refused.
 */
export function bearerChallenge(siteUrl: string, credentialPresented: boolean): string {
  const challenge = `Bearer resource_metadata="${resourceMetadataUrl(siteUrl, 'mcp')}"`;
  return credentialPresented ? `${challenge}, error="invalid_token"` : challenge;
}

/** The gateway's error answers for /mcp, whose 401 carries the challenge MCP clients follow. */
@Catch()
@Injectable()
export class McpChallengeFilter extends ApiExceptionFilter {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    super();
  }

  protected override authenticationChallenge(request: FailedRequest): string {
    return bearerChallenge(this.config.SITE_URL, presentedCredential(request.headers).kind !== 'none');
  }
}
