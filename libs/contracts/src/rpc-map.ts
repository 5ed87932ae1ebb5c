import type { TSchema } from './schema';
import { APPS_MESSAGES, APPS_RPC, type AppsMessages, type AppsRpc } from './apps.contract';
import { BILLING_RPC, type BillingRpc } from './billing.contract';
import { CLAIM_RPC, type ClaimRpc } from './claim.contract';
import { DEPLOYMENT_RPC, type DeploymentRpc } from './deployment.contract';
import { DOMAINS_MESSAGES, DOMAINS_RPC, type DomainsMessages, type DomainsRpc } from './domains.contract';
import { EDGE_MESSAGES, type EdgeMessages } from './edge.contract';
import { GENERATION_RPC, type GenerationRpc } from './generation.contract';
import type { RpcSchemas } from './rpc';
import { USERS_MESSAGES, USERS_RPC, type UsersMessages, type UsersRpc } from './users.contract';
import { WEBHOOKS_RPC, type WebhooksRpc } from './webhooks.contract';

/**
 * Every request/reply subject on the bus with its request and reply schemas: what the RpcClient's types, the
 * services' incoming-message check (service-kit) and the subject map (README) are made from.
 */
export const RPC_SCHEMAS: Readonly<Record<string, RpcSchemas>> = { ...APPS_RPC, ...BILLING_RPC, ...CLAIM_RPC, ...DEPLOYMENT_RPC, ...DOMAINS_RPC, ...GENERATION_RPC, ...USERS_RPC, ...WEBHOOKS_RPC };

/** Every fire-and-forget subject with the schema of its payload. */
export const MESSAGE_SCHEMAS: Readonly<Record<string, TSchema>> = { ...APPS_MESSAGES, ...DOMAINS_MESSAGES, ...EDGE_MESSAGES, ...USERS_MESSAGES };

/** Every request/reply subject on the bus with its request and response types. */
export type RpcMap = UsersRpc & AppsRpc & BillingRpc & ClaimRpc & GenerationRpc & DeploymentRpc & DomainsRpc & WebhooksRpc;
export type RpcSubject = keyof RpcMap;
export type RpcRequest<S extends RpcSubject> = RpcMap[S]['request'];
export type RpcResponse<S extends RpcSubject> = RpcMap[S]['response'];

/** Every fire-and-forget subject with its payload type. */
export type MessageMap = UsersMessages & AppsMessages & EdgeMessages & DomainsMessages;
export type MessageSubject = keyof MessageMap;
