// What the generation-service job specs share: the service over a private NATS and scratch database, stand-in neighbours and a chat API.
import type { INestMicroservice } from '@nestjs/common';
import { JSONCodec, type NatsConnection } from 'nats';
import {
  AppsSubjects,
  BillingSubjects,
  DeploymentSubjects,
  GenerationSubjects,
  type AppDetail,
  type AppPlan,
  type BuildView,
  type Caller,
  type DomainEvent,
  type EntityPlan,
  type GenerationJobView,
  type SourceFile,
} from '@appgen/contracts';
import { connectNats, RpcClient } from '@appgen/service-kit';
import { createScratchDatabase, startNatsServer, startServiceApp, testCaller, type NatsServerHandle, type ScratchDatabase } from '@appgen/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppModule } from '../app.module';
import { planApp } from '../blueprint';
import { loadGenerationConfig } from '../config/generation.config';

export const codec = JSONCodec<unknown>();

export interface FakeVersion {
  id: number;
  key: string | undefined;
  files: SourceFile[];
  plan: AppPlan | null;
}

export interface FakeApp {
  accountId: number;
  detail: AppDetail;
  versions: FakeVersion[];
  entities: Map<string, EntityPlan>;
}

export type Reply = { response: unknown } | { err: { status: number; body: { error: string; message: string } } };

/** Test double of billing-service's ledger: every account starts with 50 credits; a job reserves once and ends once. */
export class FakeBilling {
  readonly balances = new Map<number, number>();
  readonly jobs = new Map<string, { accountId: number; reserved: number; charged: number | null; endings: number }>();

  balance(accountId: number): number {
    return this.balances.get(accountId) ?? 50;
  }

  reserve(data: Record<string, unknown>): Reply {
    const accountId = Number(data['account_id']);
    const jobId = String(data['job_id']);
    const credits = Number(data['credits']);
    if (!this.jobs.has(jobId)) {
      if (this.balance(accountId) < credits) {
        return { err: { status: 402, body: { error: 'insufficient_credits', message: `This generation needs ${credits} credits` } } };
      }
      this.balances.set(accountId, this.balance(accountId) - credits);
      this.jobs.set(jobId, { accountId, reserved: credits, charged: null, endings: 0 });
    }
    return { response: this.answer(jobId) };
  }

  end(data: Record<string, unknown>, charge: number): Reply {
    const job = this.jobs.get(String(data['job_id']));
    if (!job || job.accountId !== Number(data['account_id'])) return { err: { status: 404, body: { error: 'not_found', message: 'no reservation' } } };
    job.endings += 1;
    if (job.charged === null) {
      job.charged = Math.min(job.reserved, charge);
      this.balances.set(job.accountId, this.balance(job.accountId) + job.reserved - job.charged);
    }
    return { response: this.answer(String(data['job_id'])) };
  }

  private answer(jobId: string): unknown {
    const job = this.jobs.get(jobId);
    const reserved = job?.reserved ?? 0;
    const status = job?.charged === null ? 'reserved' : job?.charged === 0 ? 'released' : 'settled';
    const balance = job ? this.balance(job.accountId) : 0;
    return {
      reservation: { job_id: jobId, reserved, status, credits_used: job?.charged ?? reserved },
      credits: { balance, granted: 50, purchased: 0, used: 50 - balance },
    };
  }
}

/**
 * Test double of apps-service and deployment-service on the private NATS: answers their subjects in the
 * Nest wire format, keeping apps, versions and entities in memory, so the worker's conversation with its
 * neighbours is checked against the contract until those services run here.
 */
export class Neighbours {
  readonly apps = new Map<string, FakeApp>();
  /** billing-service's part: balances and the reservation of each job */
  readonly billing = new FakeBilling();
  buildOutcome: 'succeeded' | 'failed' = 'succeeded';
  /** while set, builds wait for it (a build in progress) */
  buildGate?: Promise<void>;
  builds = 0;
  private nextId = 1;

  listen(bus: NatsConnection): void {
    const handlers: Array<[string, (data: Record<string, unknown>) => Reply | Promise<Reply>]> = [
      [AppsSubjects.create, (data) => this.create(data)],
      [AppsSubjects.get, (data) => this.withApp(data, (app) => ({ response: { app: app.detail } }))],
      [AppsSubjects.update, (data) => this.withApp(data, (app) => this.update(app, data))],
      [AppsSubjects.setLifecycle, (data) => this.withApp(data, (app) => this.setLifecycle(app, data))],
      [AppsSubjects.saveVersion, (data) => this.withApp(data, (app) => this.saveVersion(app, data))],
      [AppsSubjects.defineEntities, (data) => this.withApp(data, (app) => this.defineEntities(app, data))],
      [AppsSubjects.latestPlan, (data) => this.withApp(data, (app) => ({ response: { plan: app.versions.at(-1)?.plan ?? null } }))],
      [AppsSubjects.listFiles, (data) => this.withApp(data, (app) => this.listFiles(app))],
      [DeploymentSubjects.build, (data) => this.build(data)],
      // The openai engine's check builds: the scaffold always builds here.
      [DeploymentSubjects.check, () => ({ response: { errors: [] } })],
      [BillingSubjects.reserve, (data) => this.billing.reserve(data)],
      [BillingSubjects.settle, (data) => this.billing.end(data, Number(data['credits_used']))],
      [BillingSubjects.release, (data) => this.billing.end(data, 0)],
    ];
    for (const [subject, handle] of handlers) {
      bus.subscribe(subject, {
        callback: (_error, message) => {
          const { data } = codec.decode(message.data) as { data: Record<string, unknown> };
          void Promise.resolve(handle(data)).then((reply) => message.respond(codec.encode({ ...reply, isDisposed: true })));
        },
      });
    }
  }

  add(accountId: number, name = 'Untitled App'): FakeApp {
    const id = `app${String(this.nextId++).padStart(9, '0')}`;
    const now = new Date().toISOString();
    const app: FakeApp = {
      accountId,
      versions: [],
      entities: new Map(),
      detail: {
        id,
        name,
        description: '',
        status: 'draft',
        visibility: 'public',
        ai_model: 'blueprint',
        preview_url: null,
        production_url: null,
        published_at: null,
        created_at: now,
        updated_at: now,
        creator: { id: accountId, email: `owner${accountId}@example.com` },
        versions_count: 0,
        files_count: 0,
        users_count: 0,
        urls: { editor: `https://appgen.test/account/apps/${id}/editor`, preview: null, production: null },
      },
    };
    this.apps.set(id, app);
    return app;
  }

  private create(data: Record<string, unknown>): Reply {
    const { accountId } = data['caller'] as Caller;
    const app = this.add(accountId, typeof data['name'] === 'string' ? data['name'] : 'Untitled App');
    return { response: { app: app.detail, message: `App ${app.detail.id} created as a draft.` } };
  }

  private withApp(data: Record<string, unknown>, handle: (app: FakeApp) => Reply | Promise<Reply>): Reply | Promise<Reply> {
    const { accountId } = data['caller'] as Caller;
    const id = String(data['id'] ?? data['app_id']);
    const app = this.apps.get(id);
    if (!app || app.accountId !== accountId) return { err: { status: 404, body: { error: 'not_found', message: `App ${id} was not found` } } };
    return handle(app);
  }

  private update(app: FakeApp, data: Record<string, unknown>): Reply {
    const changes = data['changes'] as { name?: string };
    if (changes.name) app.detail.name = changes.name;
    return { response: { app: app.detail } };
  }

  private setLifecycle(app: FakeApp, data: Record<string, unknown>): Reply {
    Object.assign(app.detail, data['changes']);
    return { response: { app: app.detail } };
  }

  private saveVersion(app: FakeApp, data: Record<string, unknown>): Reply {
    const key = data['idempotency_key'] as string | undefined;
    let version = app.versions.find((saved) => key !== undefined && saved.key === key);
    if (!version) {
      version = { id: this.nextId++, key, files: data['files'] as SourceFile[], plan: data['plan'] as AppPlan | null };
      app.versions.push(version);
      app.detail.versions_count = app.versions.length;
      app.detail.files_count = version.files.length;
    }
    const view = { id: version.id, app_id: app.detail.id, number: app.versions.indexOf(version) + 1, source: 'generation', files_count: version.files.length, created_at: new Date().toISOString() };
    return { response: { version: view } };
  }

  private listFiles(app: FakeApp): Reply {
    const files = (app.versions.at(-1)?.files ?? []).map((file) => ({ ...file, size: Buffer.byteLength(file.content), updated_at: new Date().toISOString() }));
    return { response: { app_id: app.detail.id, files, count: files.length } };
  }

  private defineEntities(app: FakeApp, data: Record<string, unknown>): Reply {
    const entities = data['entities'] as EntityPlan[];
    for (const entity of entities) app.entities.set(entity.name, entity);
    return { response: { entities } };
  }

  private async build(data: Record<string, unknown>): Promise<Reply> {
    this.builds += 1;
    await this.buildGate;
    return this.withApp(data, (app) => {
      const failed = this.buildOutcome === 'failed';
      if (!failed) app.detail.preview_url = `http://preview-${app.detail.id}.preview.localhost:8080`;
      const build: BuildView = {
        id: this.builds,
        app_id: app.detail.id,
        version_id: Number(data['version_id']),
        status: this.buildOutcome,
        errors: failed
          ? [
              {
                message: 'src/main.ts:3:18: Unexpected ";"',
                error_type: 'build_error',
                file: 'src/main.ts',
                suggested_action: 'Fix the syntax error in src/main.ts',
                fix_url: `https://appgen.test/account/apps/${app.detail.id}/editor?file=src/main.ts&line=3`,
                recoverable: true,
                occurred_at: new Date().toISOString(),
              },
            ]
          : [],
        created_at: new Date().toISOString(),
      };
      return { response: { build } };
    });
  }
}

jest.setTimeout(30_000);

export let nats: NatsServerHandle;
export let database: ScratchDatabase;
export let service: INestMicroservice | undefined;
export let bus: NatsConnection;
export let rpc: RpcClient;
export const neighbours = new Neighbours();
export let chatApi: Server;
export let chatApiUrl = '';
export const chatRequests: Array<{ model: string; authorization: string | undefined }> = [];
export const alice = testCaller(1);
export const bob = testCaller(2);

/** Stops the service (a spec restarts it with start()). */
export async function stop(): Promise<void> {
  await service?.close();
  service = undefined;
}

export const start = async (extra: Record<string, string> = {}): Promise<void> => {
  const config = loadGenerationConfig({
    DATABASE_URL: database.url,
    NATS_URL: nats.url,
    SITE_URL: 'https://appgen.test',
    GENERATION_POLL_MS: '200',
    GENERATION_CONCURRENCY: '1',
    OPENAI_BASE_URL: chatApiUrl,
    OPENAI_API_KEY: 'sk-local',
    LOG_LEVEL: 'warn',
    ...extra,
  });
  service = await startServiceApp('generation-service', AppModule.forConfig(config), nats.url);
};

export const finished = (job: GenerationJobView): boolean => ['completed', 'failed', 'cancelled'].includes(job.status);

/** Asks for a job until `done` holds (by default: it finished), failing with where it stayed after `timeoutMs`. */
export async function pollJob(client: RpcClient, caller: Caller, id: string, done = finished, timeoutMs = 15_000): Promise<GenerationJobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await client.request(GenerationSubjects.get, { caller, id });
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} stayed ${job.status} at ${job.progress}: ${job.message}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const waitForJob = (id: string, done: (job: GenerationJobView) => boolean, as = alice): Promise<GenerationJobView> => pollJob(rpc, as, id, done);
export const eventsOf = (events: DomainEvent[], jobId: string): DomainEvent[] =>
  events.filter((event) => (event.data as { job_id?: string }).job_id === jobId);

/** Starts what these specs run against before them, and stops it after them. */
export function useGenerationServiceUnderTest(): void {
  beforeAll(async () => {
    nats = await startNatsServer();
    database = await createScratchDatabase('appgen_gen3_it');
    bus = await connectNats(nats.url, 'generation-service-test');
    neighbours.listen(bus);
    rpc = new RpcClient(bus, 10_000);
    // An OpenAI-compatible chat API on this machine, answering every request with a plan for habits: the plan
    // request, and then the coding loop, which takes an answer without tool calls as the model being done.
    chatApi = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw) as { model: string };
        chatRequests.push({ model: body.model, authorization: req.headers['authorization'] });
        const content = JSON.stringify(planApp('a habit tracker where I log habits with a daily goal and a streak'));
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ choices: [{ message: { role: 'assistant', content } }], usage: { prompt_tokens: 900, completion_tokens: 300 } }),
        );
      });
    });
    await new Promise<void>((resolve) => chatApi.listen(0, '127.0.0.1', resolve));
    chatApiUrl = `http://127.0.0.1:${(chatApi.address() as AddressInfo).port}/v1`;
    await start();
  }, 30_000);
  afterAll(async () => {
    await service?.close();
    await bus?.drain();
    await database?.drop();
    await nats?.stop();
    await new Promise<void>((resolve) => (chatApi ? chatApi.close(() => resolve()) : resolve()));
  });
  beforeEach(() => {
    neighbours.buildOutcome = 'succeeded';
    neighbours.buildGate = undefined;
  });
}
