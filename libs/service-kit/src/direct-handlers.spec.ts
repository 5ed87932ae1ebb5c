import 'reflect-metadata';
import { Controller, Module, UseInterceptors, type CanActivate, type NestInterceptor } from '@nestjs/common';
import { APP_GUARD, APP_PIPE, ApplicationConfig, NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { checkNoGlobalEnhancers, directHandlerSubject } from './direct-handlers';
import { NoNulPipe } from './no-nul.pipe';
import { ServiceExceptionFilter } from './service-exception.filter';

const interceptor: NestInterceptor = { intercept: (_context, next) => next.handle() };
const trim = { transform: (value: unknown) => value };

@Controller()
class ThingsController {
  @MessagePattern('things.get')
  get(@Payload() request: unknown): unknown {
    return request;
  }

  @MessagePattern('things.intercepted')
  @UseInterceptors(interceptor)
  intercepted(@Payload() request: unknown): unknown {
    return request;
  }

  @MessagePattern('things.piped')
  piped(@Payload(trim) request: unknown): unknown {
    return request;
  }

  @MessagePattern('things.part')
  part(@Payload('id') id: unknown): unknown {
    return id;
  }

  @MessagePattern('things.context')
  withContext(@Payload() request: unknown, @Ctx() context: unknown): unknown {
    return [request, context];
  }

  @EventPattern('things.changed')
  changed(@Payload() event: unknown): unknown {
    return event;
  }
}

class AllowAll implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

@Module({ providers: [{ provide: APP_PIPE, useClass: NoNulPipe }] })
class KitOnly {}

@Module({ providers: [{ provide: APP_PIPE, useClass: NoNulPipe }, { provide: APP_GUARD, useClass: AllowAll }] })
class WithGuard {}

describe('message handlers called directly', () => {
  it('takes a handler of one subject whose one parameter is the whole payload', () => {
    expect(directHandlerSubject(ThingsController, 'get')).toBe('things.get');
  });

  it('refuses a handler with anything of Nest a direct call would skip', () => {
    expect(() => directHandlerSubject(ThingsController, 'intercepted')).toThrow('__interceptors__');
    expect(() => directHandlerSubject(ThingsController, 'piped')).toThrow('@Payload(), without pipes');
    expect(() => directHandlerSubject(ThingsController, 'part')).toThrow('@Payload(), without pipes');
    expect(() => directHandlerSubject(ThingsController, 'withContext')).toThrow('@Payload(), without pipes');
    expect(() => directHandlerSubject(ThingsController, 'changed')).toThrow('not a @MessagePattern handler');
  });

  it('accepts the kit\'s NoNulPipe and ServiceExceptionFilter as global enhancers, and refuses any other', async () => {
    const kitOnly = await NestFactory.createApplicationContext(KitOnly, { logger: false });
    expect(() => checkNoGlobalEnhancers(kitOnly)).not.toThrow();
    // what runService adds to the app's config (the microservice shares it): a direct call's failures go through it too
    (Reflect.get(Reflect.get(kitOnly, 'container') as object, 'applicationConfig') as ApplicationConfig).addGlobalFilter(new ServiceExceptionFilter());
    expect(() => checkNoGlobalEnhancers(kitOnly)).not.toThrow();
    await kitOnly.close();
    const withGuard = await NestFactory.createApplicationContext(WithGuard, { logger: false });
    expect(() => checkNoGlobalEnhancers(withGuard)).toThrow('global guards (AllowAll)');
    await withGuard.close();
  });
});
