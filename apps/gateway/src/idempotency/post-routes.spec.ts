import 'reflect-metadata';
import { Controller, Get, Injectable, Post, type CallHandler, type NestInterceptor } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import type { Observable } from 'rxjs';
import { interceptPostRoutes } from './post-routes';

@Injectable()
class Recorder implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    return next.handle();
  }
}

@Controller('things')
class ThingsController {
  @Get()
  list(): string[] {
    return [];
  }

  @Post()
  create(): string {
    return 'created';
  }
}

describe('interceptPostRoutes', () => {
  it('puts the interceptor on POST handlers only, once however often it is applied', () => {
    interceptPostRoutes([ThingsController], Recorder);
    interceptPostRoutes([ThingsController], Recorder);
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, ThingsController.prototype.create)).toEqual([Recorder]);
    expect(Reflect.getMetadata(INTERCEPTORS_METADATA, ThingsController.prototype.list)).toBeUndefined();
  });
});
