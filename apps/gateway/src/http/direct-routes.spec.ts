import 'reflect-metadata';
import { Controller, Get, Header, Param, Query, UseGuards, UseInterceptors, type CanActivate, type NestInterceptor } from '@nestjs/common';
import { Type } from '@appgen/contracts';
import { Authenticated, Public, RequirePermission } from '../access/access.decorators';
import { CurrentCaller } from '../access/current-caller.decorator';
import { Operation } from '../common/contract-input';
import { AppsAliasController } from '../managed-apps/apps-alias.controller';
import { ManagedAppsController } from '../managed-apps/managed-apps.controller';
import { directRouteShape } from './direct-routes';

const guard: CanActivate = { canActivate: () => true };
const interceptor: NestInterceptor = { intercept: (_context, next) => next.handle() };

@Controller('things')
class ThingsController {
  @Get(':id')
  @RequirePermission('apps:read')
  @Operation({ id: 'getThing', summary: 'Read a thing', returns: Type.String() })
  plain(@CurrentCaller() _caller: unknown, @Param('id') _id: string): string {
    return 'thing';
  }

  @Get(':id/guarded')
  @RequirePermission('apps:read')
  @UseGuards(guard)
  guarded(@CurrentCaller() _caller: unknown): string {
    return 'thing';
  }

  @Get(':id/intercepted')
  @Authenticated()
  @UseInterceptors(interceptor)
  intercepted(@CurrentCaller() _caller: unknown): string {
    return 'thing';
  }

  @Get(':id/headers')
  @Authenticated()
  @Header('cache-control', 'no-store')
  withHeaders(@CurrentCaller() _caller: unknown): string {
    return 'thing';
  }

  @Get()
  @Authenticated()
  queried(@CurrentCaller() _caller: unknown, @Query('page') _page: string): string {
    return 'thing';
  }

  @Get('open/:id')
  @Public()
  open(@CurrentCaller() _caller: unknown): string {
    return 'thing';
  }
}

describe('routes served without Nest', () => {
  it('serves the app detail routes, with the rule and parameters their controllers declare', () => {
    expect(directRouteShape('api/v1', ManagedAppsController, 'get')).toMatchObject({
      url: '/api/v1/managed_apps/:id',
      rule: { kind: 'permission', permission: 'apps:read' },
      status: 200,
    });
    expect(directRouteShape('api/v1', AppsAliasController, 'get').url).toBe('/api/v1/apps/:id');
  });

  it('reads the caller and the path parameter in the order the method takes them', () => {
    const shape = directRouteShape('api/v1', ThingsController, 'plain');
    const caller = { accountId: 7 };
    const request = { params: { id: 'abc' } } as never;
    expect(shape.readers.map((read) => read(request, caller as never))).toEqual([caller, 'abc']);
    // The global pipe's check: an id holding a NUL names nothing.
    expect(() => shape.readers[1]?.({ params: { id: 'a\u0000b' } } as never, null)).toThrow(expect.objectContaining({ body: expect.objectContaining({ error: 'not_found' }) }));
  });

  it('refuses a route with anything of Nest it would skip', () => {
    expect(() => directRouteShape('api/v1', ThingsController, 'guarded')).toThrow('__guards__');
    expect(() => directRouteShape('api/v1', ThingsController, 'intercepted')).toThrow('__interceptors__');
    expect(() => directRouteShape('api/v1', ThingsController, 'withHeaders')).toThrow('__headers__');
    expect(() => directRouteShape('api/v1', ThingsController, 'queried')).toThrow('neither @CurrentCaller() nor @Param(name)');
    // A public route has no caller to hand over.
    expect(() => directRouteShape('api/v1', ThingsController, 'open')).toThrow('neither @CurrentCaller() nor @Param(name)');
  });
});
