import type { AppsMessages, AppsRpc } from './apps.contract';
import type { DeploymentRpc } from './deployment.contract';
import type { GenerationRpc } from './generation.contract';
import type { UsersMessages, UsersRpc } from './users.contract';
import type { WebhooksRpc } from './webhooks.contract';

/** Every request/reply subject on the bus with its request and response types. */
export type RpcMap = UsersRpc & AppsRpc & GenerationRpc & DeploymentRpc & WebhooksRpc;
export type RpcSubject = keyof RpcMap;
export type RpcRequest<S extends RpcSubject> = RpcMap[S]['request'];
export type RpcResponse<S extends RpcSubject> = RpcMap[S]['response'];

/** Every fire-and-forget subject with its payload type. */
export type MessageMap = UsersMessages & AppsMessages;
export type MessageSubject = keyof MessageMap;
