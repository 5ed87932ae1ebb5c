import type { INestApplicationContext, Type } from '@nestjs/common';
import { EXCEPTION_FILTERS_METADATA, GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ApplicationConfig } from '@nestjs/core';
import { PATTERN_HANDLER_METADATA, PATTERN_METADATA } from '@nestjs/microservices/constants';
import { PatternHandler } from '@nestjs/microservices/enums/pattern-handler.enum';
import { RpcParamtype } from '@nestjs/microservices/enums/rpc-paramtype.enum';
import { NoNulPipe } from './no-nul.pipe';
import { ServiceExceptionFilter } from './service-exception.filter';

/** A message handler (a controller method with @MessagePattern) to call without Nest's RPC pipeline. */
export interface DirectHandler {
  controller: Type;
  method: string;
}

/** What Nest would apply to a handler that a direct call does not, by metadata key. */
const NOT_REPRODUCED = [GUARDS_METADATA, INTERCEPTORS_METADATA, PIPES_METADATA, EXCEPTION_FILTERS_METADATA];

/**
 * The subject `controller.method` answers, or an error naming what of Nest's it has that a direct call would skip.
 * Such a handler takes the whole payload as its one parameter (`@Payload()`, without pipes) and has no guards,
 * interceptors, pipes or exception filters of its own or its controller's.
 */
export function directHandlerSubject(controller: Type, method: string): string {
  const name = `${controller.name}.${method}`;
  const handler: unknown = (controller.prototype as Record<string, unknown>)[method];
  if (typeof handler !== 'function') throw new Error(`${name} is not a method`);
  if (Reflect.getMetadata(PATTERN_HANDLER_METADATA, handler) !== PatternHandler.MESSAGE) throw new Error(`${name} is not a @MessagePattern handler`);
  const patterns: unknown = Reflect.getMetadata(PATTERN_METADATA, handler);
  const subject = Array.isArray(patterns) && patterns.length === 1 ? (patterns[0] as unknown) : undefined;
  if (typeof subject !== 'string') throw new Error(`${name} must answer exactly one subject to be called directly`);
  for (const key of NOT_REPRODUCED) {
    if (Reflect.getMetadata(key, handler) !== undefined || Reflect.getMetadata(key, controller) !== undefined) {
      throw new Error(`${name} cannot be called directly: it has ${key} metadata, which only Nest's pipeline applies`);
    }
  }
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, { index: number; data?: unknown; pipes?: unknown[] }>;
  const entries = Object.entries(args);
  const [key, argument] = entries[0] ?? [];
  const wholePayload = entries.length === 1 && key === `${RpcParamtype.PAYLOAD}:0` && argument?.data === undefined && (argument.pipes ?? []).length === 0;
  if (!wholePayload || handler.length > 1) throw new Error(`${name} cannot be called directly: its one parameter must be @Payload(), without pipes`);
  return subject;
}

/**
 * Refuses global guards, interceptors, filters and pipes other than the kit's NoNulPipe, whose walk the NATS server
 * makes itself before any handler: a direct call would skip them.
 */
export function checkNoGlobalEnhancers(app: INestApplicationContext): void {
  const container: unknown = Reflect.get(app, 'container');
  const config: unknown = typeof container === 'object' && container !== null ? Reflect.get(container, 'applicationConfig') : undefined;
  if (!(config instanceof ApplicationConfig)) throw new Error('cannot read the application config to check its global enhancers');
  const others = {
    guards: [...config.getGlobalGuards(), ...config.getGlobalRequestGuards()],
    interceptors: [...config.getGlobalInterceptors(), ...config.getGlobalRequestInterceptors()],
    // every service's ServiceExceptionFilter is the one a direct handler's failure goes through too
    filters: [...config.getGlobalFilters().filter((filter) => !(filter instanceof ServiceExceptionFilter)), ...config.getGlobalRequestFilters()],
    pipes: [...config.getGlobalPipes().filter((pipe) => !(pipe instanceof NoNulPipe)), ...config.getGlobalRequestPipes()],
  };
  const found = Object.entries(others)
    .filter(([, list]) => list.length > 0)
    .map(([kind, list]) => `${kind} (${list.map((item) => ('metatype' in item ? item.metatype?.name : item.constructor.name) ?? '?').join(', ')})`);
  if (found.length > 0) throw new Error(`message handlers cannot be called directly: the app has global ${found.join(', ')}`);
}
