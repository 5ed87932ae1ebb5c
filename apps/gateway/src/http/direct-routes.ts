import { RequestMethod, type Type } from '@nestjs/common';
import {
  CUSTOM_ROUTE_ARGS_METADATA,
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  HEADERS_METADATA,
  HTTP_CODE_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  PIPES_METADATA,
  REDIRECT_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Caller } from '@appgen/contracts';
import { admittedCaller } from '../access/access.guard';
import type { AccessRule } from '../access/access.decorators';
import { accessRuleOf } from '../access/access-rules';
import { currentCallerOf } from '../access/current-caller.decorator';
import { requestAuth } from '../access/request-auth';
import { pathParameter } from '../common/api-validation.pipe';
import type { ApiExceptionFilter } from '../errors/api-exception.filter';

/** A controller method to serve without Nest's router. */
export interface DirectRoute {
  controller: Type;
  method: string;
}

type ReadArgument = (request: FastifyRequest, caller: Caller | null) => unknown;

/** How a controller method is served directly, worked out from its decorators. */
export interface DirectRouteShape {
  url: string;
  rule: AccessRule;
  readers: ReadArgument[];
  /** The route's @HttpCode, Nest's 200 for a GET without one. */
  status: number;
  method: (...args: unknown[]) => unknown;
}

interface Served extends DirectRouteShape {
  handler: (...args: unknown[]) => unknown;
  registered: boolean;
}

/** What Nest would add to a route that these routes do not reproduce, by its metadata key. */
const NOT_REPRODUCED = [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA, HEADERS_METADATA, REDIRECT_METADATA];

/**
 * Nest's router costs each request a chain of promises and lookups (the guard, each parameter's pipe, the
 * interceptors, the exception filter, each with its execution context). The API's busiest reads are served by Fastify
 * calling their controller method directly instead, after the same steps, as the same functions:
 * - the route's access rule as AccessGuard applies it (admittedCaller);
 * - its parameters: @CurrentCaller(), and @Param(name) through the global pipe's check (pathParameter);
 * - a failure answered by the global exception filter (ApiExceptionFilter.answer), a result sent as Nest sends it (with
 *   the route's @HttpCode),
 *   an empty path parameter sent to the not-found handler as Nest's Fastify adapter does.
 * The routes stay declared by their controllers: OpenAPI, llms-full.txt and the boot check of access rules see them
 * as before. A route may be served this way only if nothing else of Nest's applies to it (guards, interceptors, pipes
 * or filters of its own or its controller's, headers, a redirect, any other parameter); the gateway refuses to
 * start otherwise, so that a decorator added to such a route later cannot be skipped without a word.
 *
 * Call before app.init(), which registers the routes.
 */
export function serveDirectly(app: NestFastifyApplication, apiPrefix: string, filter: ApiExceptionFilter, routes: readonly DirectRoute[]): { verify(): void } {
  const served: Served[] = routes.map(({ controller, method }) => {
    const shape = directRouteShape(apiPrefix, controller, method);
    const instance: unknown = app.get(controller, { strict: false });
    return { ...shape, handler: (...values) => shape.method.apply(instance, values), registered: false };
  });
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route: RouteOptions) => {
      if (route.method !== 'GET' && route.method !== 'HEAD') return;
      const direct = served.find(({ url }) => url === route.url);
      if (!direct) return;
      direct.registered = true;
      // A plain function chaining the method's promise: an async one would add two promises to every request.
      route.handler = (request: FastifyRequest, reply: FastifyReply): Promise<unknown> | undefined => {
        const fail = (error: unknown): undefined => {
          filter.answer(error, request, reply);
          return undefined;
        };
        // As Nest's adapter does (requireNonEmptyParams): an empty path segment names nothing, whatever the router matched.
        if (Object.values(request.params as Record<string, string>).includes('')) {
          reply.callNotFound();
          return undefined;
        }
        let answer: unknown;
        try {
          const caller = admittedCaller(direct.rule, requestAuth(request));
          answer = direct.handler(...direct.readers.map((read) => read(request, caller)));
        } catch (error) {
          return fail(error);
        }
        return Promise.resolve(answer).then((result) => {
          reply.code(direct.status);
          return result;
        }, fail);
      };
    });
  return {
    verify() {
      const missing = served.filter(({ registered }) => !registered).map(({ url }) => url);
      if (missing.length > 0) throw new Error(`routes to serve directly were never registered: ${missing.join(', ')}`);
    },
  };
}

/** The route `controller.method` declares, or an error naming what of Nest's it has that a direct route would skip. */
export function directRouteShape(apiPrefix: string, controller: Type, method: string): DirectRouteShape {
  const name = `${controller.name}.${method}`;
  const prototype = controller.prototype as Record<string, unknown>;
  const handler = prototype[method];
  if (typeof handler !== 'function') throw new Error(`${name} is not a method`);
  if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.GET) throw new Error(`${name} is not a GET route`);
  for (const key of NOT_REPRODUCED) {
    if (Reflect.getMetadata(key, handler) !== undefined || Reflect.getMetadata(key, controller) !== undefined) {
      throw new Error(`${name} cannot be served directly: it has ${key} metadata, which only Nest's router applies`);
    }
  }
  const rule = accessRuleOf(controller, handler);
  if (!rule) throw new Error(`${name} has no access rule`);
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { index: number; data?: unknown; pipes?: unknown[]; factory?: unknown }>;
  const readers: Array<ReadArgument | undefined> = [];
  for (const [key, argument] of Object.entries(args)) {
    if ((argument.pipes ?? []).length > 0) throw new Error(`${name} cannot be served directly: its argument ${argument.index} has pipes of its own`);
    if (key.includes(CUSTOM_ROUTE_ARGS_METADATA) && argument.factory === currentCallerOf && rule.kind !== 'public') {
      readers[argument.index] = (_request, caller) => caller;
    } else if (key === `${RouteParamtypes.PARAM}:${argument.index}` && typeof argument.data === 'string') {
      const param = argument.data;
      readers[argument.index] = (request) => pathParameter((request.params as Record<string, string>)[param]);
    } else {
      throw new Error(`${name} cannot be served directly: its argument ${argument.index} is neither @CurrentCaller() nor @Param(name)`);
    }
  }
  const complete: ReadArgument[] = [];
  for (let index = 0; index < Math.max(readers.length, handler.length); index += 1) {
    const read = readers[index];
    if (!read) throw new Error(`${name} cannot be served directly: every parameter must be @CurrentCaller() or @Param(name)`);
    complete.push(read);
  }
  const path = [apiPrefix, Reflect.getMetadata(PATH_METADATA, controller), Reflect.getMetadata(PATH_METADATA, handler)]
    .map((part: unknown) => String(part ?? '').replace(/^\/+|\/+$/g, ''))
    .filter((part) => part !== '')
    .join('/');
  const status = (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ?? 200;
  return { url: `/${path}`, rule, readers: complete, status, method: handler as (...args: unknown[]) => unknown };
}
