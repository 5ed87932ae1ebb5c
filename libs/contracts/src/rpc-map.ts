import type { AppsRpc } from './apps.contract';
import type { UsersMessages, UsersRpc } from './users.contract';

/** Every request/reply subject on the bus with its request and response types. */
export type RpcMap = UsersRpc & AppsRpc;
export type RpcSubject = keyof RpcMap;
export type RpcRequest<S extends RpcSubject> = RpcMap[S]['request'];
export type RpcResponse<S extends RpcSubject> = RpcMap[S]['response'];

/** Every fire-and-forget subject with its payload type. */
export type MessageMap = UsersMessages;
export type MessageSubject = keyof MessageMap;
