import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiResponse, ApiSecurity } from '@nestjs/swagger';
import type { Permission } from '@appgen/contracts';

/** Metadata key holding a route's access rule; every route must carry one or the gateway does not boot. */
export const ACCESS_RULE = 'appgen:access-rule';

export type AccessRule = { kind: 'public' } | { kind: 'authenticated' } | { kind: 'permission'; permission: Permission };

/**
 * The OpenAPI extension naming the permission an operation needs, so that readers of the document (and the
 * text references made from it, discovery/) see it beside the security schemes, which cannot say it.
 */
export const PERMISSION_EXTENSION = 'x-permission';

/** OpenAPI names of the two credential schemes (see openapi/openapi-document.ts). */
export const API_KEY_SCHEME = 'api_key';
export const BEARER_SCHEME = 'bearer';

// Their bodies are the one error body, which the document gives every error answer (openapi-document.ts).
const rateLimited = ApiResponse({ status: 429, description: '`rate_limited`: too many requests; retry after `Retry-After` seconds' });
const unauthorized = ApiResponse({ status: 401, description: '`unauthorized`: no credential, or one that is unknown, revoked or expired' });

/** Anyone may call the route, without a credential; it is rate limited per client IP. */
export function Public(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule), rateLimited);
}

/** Any valid API key or access token may call the route, whatever its scope. */
export function Authenticated(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'authenticated' } satisfies AccessRule),
    ApiSecurity(API_KEY_SCHEME),
    ApiBearerAuth(BEARER_SCHEME),
    unauthorized,
    rateLimited,
  );
}

/** The credential must grant `permission` (section 5 of the contract), else 403. */
export function RequirePermission(permission: Permission): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(ACCESS_RULE, { kind: 'permission', permission } satisfies AccessRule),
    ApiExtension(PERMISSION_EXTENSION, permission),
    ApiSecurity(API_KEY_SCHEME),
    ApiBearerAuth(BEARER_SCHEME),
    unauthorized,
    ApiResponse({ status: 403, description: `\`forbidden\`: the credential lacks ${permission}` }),
    rateLimited,
  );
}
