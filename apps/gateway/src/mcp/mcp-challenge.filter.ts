import { Catch, Inject, Injectable } from '@nestjs/common';
import { presentedCredential } from '../access/presented-credential';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config';
import { ApiExceptionFilter, type FailedRequest } from '../errors/api-exception.filter';
import { SITE_PATHS, SiteUrls } from '../site/site-paths';

/** Where this resource's OAuth metadata is (RFC 9728), from which MCP clients find the authorization server. */
export function resourceMetadataUrl(siteUrl: string): string {
  return new SiteUrls(siteUrl).to(SITE_PATHS.protectedResource);
}

/**
 * The bearer challenge of RFC 9728 section 5.1: it names the resource metadata, so an MCP client that was refused
 * can start OAuth on its own; `error="invalid_token"` (RFC 6750) when a credential was presented and refused.
 */
export function bearerChallenge(siteUrl: string, credentialPresented: boolean): string {
  const challenge = `Bearer resource_metadata="${resourceMetadataUrl(siteUrl)}"`;
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
