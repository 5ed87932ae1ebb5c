import 'reflect-metadata';
import { Controller, Get, Module, Post } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { AccountsController } from '../accounts/accounts.controller';
import { ApiKeysController } from '../api-keys/api-keys.controller';
import { PublicHealthController } from '../health/public-health.controller';
import { AppsAliasController } from '../managed-apps/apps-alias.controller';
import { GenerationQueueController } from '../generation/generation-queue.controller';
import { ManagedAppLifecycleController } from '../managed-apps/managed-app-lifecycle.controller';
import { ManagedAppsController } from '../managed-apps/managed-apps.controller';
import { ToolsController } from '../tools/tools.controller';
import { WebhooksController } from '../webhooks/webhooks.controller';
import { Authenticated, Public, RequirePermission } from './access.decorators';
import { AccessRulesVerifier, accessRuleOf, findRoutesWithoutAccessRule } from './access-rules';

@Controller('things')
class ForgetfulController {
  @Get()
  @RequirePermission('apps:read')
  list(): string[] {
    return [];
  }

  @Post()
  create(): string {
    return 'created by anyone';
  }

  /** Not a route: needs no rule. */
  helper(): string {
    return 'not served';
  }
}

@Public()
@Controller('open')
class OpenController {
  @Get()
  read(): string {
    return 'open';
  }
}

@Controller('mine')
class MineController {
  @Get()
  @Authenticated()
  read(): string {
    return 'mine';
  }
}

describe('route access rules', () => {
  it('finds a route that declares no access rule, and only that one', () => {
    expect(findRoutesWithoutAccessRule([ForgetfulController, OpenController, MineController])).toEqual(['ForgetfulController.create']);
  });

  it('takes a rule declared on the controller for all of its routes', () => {
    expect(accessRuleOf(OpenController, OpenController.prototype.read)).toEqual({ kind: 'public' });
    expect(accessRuleOf(ForgetfulController, ForgetfulController.prototype.list)).toEqual({ kind: 'permission', permission: 'apps:read' });
  });

  it('has a rule on every route the gateway serves', () => {
    const served = [
      PublicHealthController,
      AccountsController,
      ApiKeysController,
      ManagedAppsController,
      ManagedAppLifecycleController,
      AppsAliasController,
      GenerationQueueController,
      ToolsController,
      WebhooksController,
    ];
    expect(findRoutesWithoutAccessRule(served)).toEqual([]);
  });

  it('the contract table: who may call what', () => {
    const rule = (controller: new (...args: never[]) => object, method: string) =>
      accessRuleOf(controller, (controller.prototype as Record<string, object>)[method]);
    expect(rule(AccountsController, 'createAccount')).toEqual({ kind: 'public' });
    expect(rule(AccountsController, 'magicCode')).toEqual({ kind: 'public' });
    for (const method of ['list', 'create', 'get', 'revoke']) expect(rule(ApiKeysController, method)).toEqual({ kind: 'authenticated' });
    expect(rule(ManagedAppsController, 'list')).toEqual({ kind: 'permission', permission: 'apps:read' });
    expect(rule(ManagedAppsController, 'get')).toEqual({ kind: 'permission', permission: 'apps:read' });
    expect(rule(ManagedAppsController, 'create')).toEqual({ kind: 'permission', permission: 'apps:write' });
    expect(rule(ManagedAppsController, 'update')).toEqual({ kind: 'permission', permission: 'apps:write' });
    expect(rule(ManagedAppsController, 'delete')).toEqual({ kind: 'permission', permission: 'apps:delete' });
    expect(rule(AppsAliasController, 'list')).toEqual({ kind: 'permission', permission: 'apps:read' });
    expect(rule(AppsAliasController, 'get')).toEqual({ kind: 'permission', permission: 'apps:read' });
    expect(rule(AppsAliasController, 'delete')).toEqual({ kind: 'permission', permission: 'apps:delete' });
  });

  it('the product loop: generation, lifecycle and tools', () => {
    const rule = (controller: new (...args: never[]) => object, method: string) =>
      accessRuleOf(controller, (controller.prototype as Record<string, object>)[method]);
    const needs = (permission: string) => ({ kind: 'permission', permission });
    expect(rule(GenerationQueueController, 'queue')).toEqual(needs('generation:queue'));
    expect(rule(GenerationQueueController, 'get')).toEqual(needs('apps:read'));
    expect(rule(GenerationQueueController, 'cancel')).toEqual(needs('generation:queue'));
    for (const method of ['status', 'files', 'errors']) expect(rule(ManagedAppLifecycleController, method)).toEqual(needs('apps:read'));
    for (const method of ['deploy', 'rollback']) expect(rule(ManagedAppLifecycleController, method)).toEqual(needs('apps:write'));
    expect(rule(ManagedAppLifecycleController, 'analytics')).toEqual(needs('analytics:read'));
    expect(rule(AppsAliasController, 'deploy')).toEqual(needs('apps:write'));
    for (const method of ['list', 'execute']) expect(rule(ToolsController, method)).toEqual({ kind: 'authenticated' });
  });

  it('webhooks: reads need webhooks:read, every change (delete included) webhooks:write', () => {
    const ruleOf = (controller: new (...args: never[]) => object, method: string) =>
      accessRuleOf(controller, (controller.prototype as Record<string, object>)[method]);
    const rule = (method: string) => ruleOf(WebhooksController, method);
    const needs = (permission: string) => ({ kind: 'permission', permission });
    for (const method of ['list', 'get', 'deliveries', 'callbackSecret']) expect(rule(method)).toEqual(needs('webhooks:read'));
    for (const method of ['create', 'update', 'delete', 'test', 'redeliver', 'rotateCallbackSecret']) {
      expect(rule(method)).toEqual(needs('webhooks:write'));
    }
  });

  it('refuses to boot an application with an undecorated route, naming it', async () => {
    @Module({ imports: [DiscoveryModule], controllers: [OpenController, ForgetfulController], providers: [AccessRulesVerifier] })
    class LeakyModule {}
    const app = await NestFactory.create(LeakyModule, new FastifyAdapter(), { logger: false, abortOnError: false });
    await expect(app.init()).rejects.toThrow(/ForgetfulController\.create/);
    await app.close();
  });

  it('boots when every route has a rule', async () => {
    @Module({ imports: [DiscoveryModule], controllers: [OpenController, MineController], providers: [AccessRulesVerifier] })
    class TidyModule {}
    const app = await NestFactory.create(TidyModule, new FastifyAdapter(), { logger: false, abortOnError: false });
    await expect(app.init()).resolves.toBe(app);
    await app.close();
  });
});
