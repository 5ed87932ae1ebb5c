import { Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { ACCESS_RULE, type AccessRule } from './access.decorators';

const scanner = new MetadataScanner();

/** The access rule of one route handler: its own, else its controller's. */
export function accessRuleOf(controller: Type, handler: object): AccessRule | undefined {
  return Reflect.getMetadata(ACCESS_RULE, handler) ?? Reflect.getMetadata(ACCESS_RULE, controller);
}

/** "Controller.method" of every route handler that declares neither a permission, @Authenticated() nor @Public(). */
export function findRoutesWithoutAccessRule(controllers: readonly Type[]): string[] {
  const missing: string[] = [];
  for (const controller of controllers) {
    const prototype: Record<string, unknown> = controller.prototype;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function') continue;
      const isRoute = Reflect.hasMetadata(PATH_METADATA, handler) && Reflect.hasMetadata(METHOD_METADATA, handler);
      if (isRoute && !accessRuleOf(controller, handler)) missing.push(`${controller.name}.${name}`);
    }
  }
  return missing;
}

/**
 * Refuses to let the gateway boot when a route forgot to say who may call it: an undecorated
 * route would otherwise be served to anyone (or to no one) by accident.
 */
@Injectable()
export class AccessRulesVerifier implements OnModuleInit {
  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const controllers = this.discovery
      .getControllers()
      .map((wrapper) => wrapper.metatype)
      .filter((metatype): metatype is Type => typeof metatype === 'function');
    const missing = findRoutesWithoutAccessRule(controllers);
    if (missing.length > 0) {
      throw new Error(
        `Routes without an access rule (add @RequirePermission(...), @Authenticated() or @Public()): ${missing.join(', ')}`,
      );
    }
  }
}
