// What the apps-service specs share: the service over a private NATS and scratch database, callers and fixtures.
import { randomBytes } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { AppsSubjects, type AppPlan, type Caller, type EntityPlan, type EntityRow, type RowActor, type RowValue } from '@appgen/contracts';
import { connectNats, RpcClient } from '@appgen/service-kit';
import { createScratchDatabase, startNatsServer, startServiceApp, testCaller, type NatsServerHandle, type ScratchDatabase } from '@appgen/testing';
import { AppModule } from './app.module';
import { loadAppsConfig } from './config/apps.config';

export const PLAN: AppPlan = {
  name: 'Recipe box',
  description: 'Recipes with ingredients',
  entities: [],
  pages: [{ path: '/', title: 'Home', kind: 'home' }],
  prompts: ['A recipe manager'],
};

export const RECIPES: EntityPlan = {
  name: 'recipes',
  label: 'Recipes',
  label_singular: 'Recipe',
  user_scoped: false,
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, unique: true },
    { name: 'cooking_time', label: 'Cooking time', type: 'integer', required: false, hint: 'minutes' },
    { name: 'rating', label: 'Rating', type: 'number', required: false },
    { name: 'course', label: 'Course', type: 'select', required: false, options: ['starter', 'main', 'dessert'] },
  ],
};

export const NOTES: EntityPlan = {
  name: 'notes',
  label: 'Notes',
  label_singular: 'Note',
  user_scoped: true,
  fields: [{ name: 'body', label: 'Body', type: 'text', required: true }],
};

export let nats: NatsServerHandle;
export let database: ScratchDatabase;
export let service: INestMicroservice;
export let connection: NatsConnection;
export let rpc: RpcClient;
export let db: Client;
export const alice = testCaller(11);
export const bob = testCaller(12);
/** what the service seals environment variables with */
export const secretsKey = randomBytes(32).toString('base64');

export async function newApp(owner: Caller, name = 'Recipe box'): Promise<string> {
  return (await rpc.request(AppsSubjects.create, { caller: owner, name })).app.id;
}

/** Who reads and writes rows in the specs: alice's account (owning the apps she creates), two app users, a visitor. */
export const owner: RowActor = { kind: 'owner' };
export const ann: RowActor = { kind: 'app_user', email: 'ann@example.com' };
export const ben: RowActor = { kind: 'app_user', email: 'ben@example.com' };
export const visitor: RowActor = { kind: 'visitor' };

/** A rows request's actor, with alice as the caller when the owner acts (an owner always comes with the account's caller). */
export function acting(actor: RowActor): { actor: RowActor; caller?: Caller } {
  return actor.kind === 'owner' ? { actor, caller: alice } : { actor };
}

export async function insertRow(app: string, entity: string, data: Record<string, RowValue>, actor: RowActor = owner): Promise<EntityRow> {
  return (await rpc.request(AppsSubjects.insertRow, { app_id: app, entity, ...acting(actor), data })).row;
}

/** Starts what these specs run against before them, and stops it after them. */
export function useAppsServiceUnderTest(): void {
  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_apps3_it');
    const config = loadAppsConfig({ DATABASE_URL: database.url, NATS_URL: nats.url, SITE_URL: 'https://appgen.test', SECRETS_KEY: secretsKey });
    service = await startServiceApp('apps-service', AppModule.forConfig(config), nats.url);
    connection = await connectNats(nats.url, 'apps-service-content-test');
    rpc = new RpcClient(connection, 10000);
    db = new Client({ connectionString: database.url });
    await db.connect();
  });
  afterAll(async () => {
    await db?.end();
    await service?.close();
    await connection?.drain();
    await database?.drop();
    await nats?.stop();
  });
}
