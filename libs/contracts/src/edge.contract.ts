import { Closed, Type } from './schema';
import type { MessageTypes } from './rpc';

/**
 * Broadcasts every edge replica hears (no queue group). A service that changes what an app's addresses
 * serve (its visibility, its existence, its preview or production build, its users' sessions or tiers)
 * announces it after its commit and before it answers, with RpcClient.announce, which waits until the NATS
 * server has taken the message. The edge checks with the server before it answers from a cache, so the
 * first request after the API's answer sees the change (edge README, "Changes apply at once").
 */
export const EdgeEvents = {
  appChanged: 'edge.apps.changed',
} as const;

export const AppChangedMessage = Closed({ app_id: Type.String({ minLength: 1, maxLength: 64 }) });

export const EDGE_MESSAGES = {
  [EdgeEvents.appChanged]: AppChangedMessage,
};
export type EdgeMessages = MessageTypes<typeof EDGE_MESSAGES>;
