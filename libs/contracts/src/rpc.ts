import type { Static, TSchema } from './schema';

/**
 * A request/reply subject's two schemas: what it takes and what it answers. Every subject's pair is declared
 * beside its subject constant (one `*.contract.ts` per owning service) and gathered in RPC_SCHEMAS.
 */
export interface RpcSchemas<Request extends TSchema = TSchema, Response extends TSchema = TSchema> {
  request: Request;
  response: Response;
}

export function rpc<Request extends TSchema, Response extends TSchema>(request: Request, response: Response): RpcSchemas<Request, Response> {
  return { request, response };
}

/** The TypeScript types of a table of subjects' schemas. */
export type RpcTypes<Table extends Record<string, RpcSchemas>> = {
  [Subject in keyof Table]: { request: Static<Table[Subject]['request']>; response: Static<Table[Subject]['response']> };
};

/** The TypeScript types of a table of fire-and-forget subjects' payload schemas. */
export type MessageTypes<Table extends Record<string, TSchema>> = { [Subject in keyof Table]: Static<Table[Subject]> };
