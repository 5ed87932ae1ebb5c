import { Controller, Delete, Get, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '@appgen/contracts';
import { AppgenError } from '@appgen/service-kit';
import { Authenticated, Public } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { SITE_PATHS } from '../site/site-paths';
import { McpChallengeFilter } from './mcp-challenge.filter';
import { mcpSdk } from './mcp-sdk';
import { McpServerFactory } from './mcp-server.factory';

/** The MCP endpoint's route at the site root (outside /api/v1, where MCP clients are told to look). */
export const MCP_PATH = SITE_PATHS.mcp.slice(1);

/**
 * MCP over Streamable HTTP at `{site_url}/mcp`, stateless: every POST is answered by a fresh server and transport
 * (no session id), with JSON rather than an event stream, so two requests of one client may reach two replicas.
 * The request has passed the gateway's hooks (request id, authentication, rate limit) and its body the gateway's
 * JSON parser (1 MB); the transport then answers on the raw response, carrying the headers those set.
 * Not in the OpenAPI document: MCP describes itself (initialize, tools/list).
 */
@ApiExcludeController()
@Controller(MCP_PATH)
@UseFilters(McpChallengeFilter)
export class McpController {
  constructor(private readonly servers: McpServerFactory) {}

  @Post()
  @Authenticated()
  async serve(@CurrentCaller() caller: Caller, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (Array.isArray(request.body)) return refuseBatch(reply);
    const server = this.servers.forCaller(caller);
    const transport = new (mcpSdk().StreamableHTTPServerTransport)({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    // No body is the same as a body that is no JSON-RPC message: the transport answers both with its parse error.
    await transport.handleRequest(request.raw, reply.raw, request.body ?? null);
  }

  @Get()
  @Public()
  refuseStream(@Res({ passthrough: true }) reply: FastifyReply): never {
    return refuseMethod(reply);
  }

  @Delete()
  @Public()
  refuseSessionEnd(@Res({ passthrough: true }) reply: FastifyReply): never {
    return refuseMethod(reply);
  }
}

/**
 * JSON-RPC batches (which MCP dropped in its 2025-06-18 revision) are refused: each message is one request, so the
 * rate limit counts every tool call, and one request cannot start a hundred of them.
 */
function refuseBatch(reply: FastifyReply): void {
  void reply
    .status(400)
    .send({ jsonrpc: '2.0', error: { code: mcpSdk().types.ErrorCode.InvalidRequest, message: 'Invalid Request: send one JSON-RPC message per request, not a batch' }, id: null });
}

/**
 * A stateless server has no stream to open (GET) and no session to end (DELETE); MCP clients read 405 as
 * "not offered" and carry on with POSTs.
 */
function refuseMethod(reply: FastifyReply): never {
  void reply.header('Allow', 'POST');
  throw AppgenError.of('method_not_allowed', `/${MCP_PATH} takes POST only: this MCP server is stateless and opens no event stream`);
}
