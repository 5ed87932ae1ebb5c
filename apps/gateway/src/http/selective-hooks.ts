import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Fastify hooks that concern a few paths or requests. Written as async functions, each would cost every request a
 * promise and a turn of the microtask queue (with the request context's async hooks on each); these let every other
 * request go straight on, and run the async hook, exactly as Fastify runs one, for the requests it concerns.
 */

type Done = (error?: Error) => void;
type PayloadDone<P> = (error: Error | null, payload?: P) => void;

/** An `onRequest` (or `preHandler`) hook run only for the requests `applies` picks. */
export function hookFor(
  applies: (request: FastifyRequest) => boolean,
  hook: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): (request: FastifyRequest, reply: FastifyReply, done: Done) => Promise<unknown> | void {
  return (request, reply, done) => (applies(request) ? hook(request, reply) : done());
}

/** A `preParsing` or `onSend` hook run only for the requests `applies` picks; the others keep their payload as it is. */
export function payloadHookFor<P>(
  applies: (request: FastifyRequest) => boolean,
  hook: (request: FastifyRequest, reply: FastifyReply, payload: P) => Promise<P>,
): (request: FastifyRequest, reply: FastifyReply, payload: P, done: PayloadDone<P>) => Promise<P> | void {
  return (request, reply, payload, done) => (applies(request) ? hook(request, reply, payload) : done(null, payload));
}
