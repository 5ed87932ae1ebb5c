import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  appUrls,
  AppsSubjects,
  DEFAULT_APP_NAME,
  DeploymentSubjects,
  editorUrl,
  GENERATION_PROGRESS,
  type AppPlan,
  type AppStatus,
  type Caller,
  type SourceFile,
} from '@appgen/contracts';
import { endSpan, RpcClient, AppgenError, isNotFound, runInRequestContext } from '@appgen/service-kit';
import { NotifiedWorkLoop } from '@appgen/service-kit/database';
import { PLAN_FILE, renderApp, renderPlanFile, type RenderContext } from '../blueprint';
import { GENERATION_CONFIG, type GenerationConfig } from '../config/generation.config';
import { PlanningError, type TokenUsage } from '../engines/app-planner';
import { AppPlanners, modelFor } from '../engines/app-planners';
import type { ChatCompletionsClient } from '../engines/chat-completions';
import { writeCode } from '../engines/code-loop';
import type { BuildProblem } from '../engines/code-tools';
import { plural } from '../engines/wording';
import type { GenerationJobEntity } from './generation-job.entity';
import { creditsCharged } from './job-credits';
import { GENERATION_JOBS_CHANNEL, JobStore, JobStoppedError, type JobRun } from './job-store';
import { jobContext, jobRunDuration, reportQueueDepth } from './job-trace';

/** The worker is shutting down: the run goes back to the queue for another process. */
class WorkerStoppingError extends Error {}

/** A failure the user can act on, with the message the job shows. */
class JobFailure extends Error {}

/** Neighbours answering 503/504 are restarting or overloaded: worth another attempt later. */
function isTransient(error: unknown): boolean {
  return error instanceof AppgenError && (error.payload.status === 503 || error.payload.status === 504);
}

function describe(plan: AppPlan): string {
  return `${plural(plan.entities.length, 'entity', 'entities')}, ${plural(plan.pages.length, 'page')}`;
}

/** The job's progress at a step of the coding loop: from `generating` up to just below `processing`. */
function codingProgress(step: number, maxSteps: number): number {
  const span = GENERATION_PROGRESS.processing - GENERATION_PROGRESS.generating - 1;
  return GENERATION_PROGRESS.generating + Math.floor((span * Math.min(step, maxSteps)) / maxSteps);
}

/** The files with app.json rewritten from the plan (as the renderer writes it), so the saved plan and app.json agree. */
function withPlanFile(files: SourceFile[], plan: AppPlan): SourceFile[] {
  return [...files.filter((file) => file.path !== PLAN_FILE), renderPlanFile(plan)].sort((a, b) => (a.path < b.path ? -1 : 1));
}

type Checkpoint = (progress: number, message: string, changes?: { name?: string }) => Promise<GenerationJobEntity>;

interface ActiveRun extends JobRun {
  done: Promise<void>;
}

/**
 * Runs queued generation jobs: plan → render → save the version and its entities → build the preview.
 * Jobs live in Postgres, so a job whose worker died (no heartbeat for GENERATION_STALE_MS) is taken again
 * and restarted from its beginning; every step is idempotent for the same job.
 */
@Injectable()
export class GenerationWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly log = new Logger('GenerationWorker');
  private loop?: NotifiedWorkLoop;
  private heartbeatTimer?: NodeJS.Timeout;
  private readonly active = new Map<string, ActiveRun>();
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: JobStore,
    private readonly rpc: RpcClient,
    private readonly planners: AppPlanners,
    @Inject(GENERATION_CONFIG) private readonly config: GenerationConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    reportQueueDepth(() =>
      this.dataSource.query(`SELECT status, count(*)::int AS count FROM generation_jobs WHERE status IN ('queued', 'processing') GROUP BY status`),
    );
    this.loop = new NotifiedWorkLoop({
      name: 'GenerationWorker',
      databaseUrl: this.config.DATABASE_URL,
      channel: GENERATION_JOBS_CHANNEL,
      schema: String(this.dataSource.driver.schema),
      pollIntervalMs: this.config.GENERATION_POLL_MS,
      pass: () => this.pass(),
    });
    this.heartbeatTimer = setInterval(() => {
      this.store.heartbeat([...this.active.values()]).catch((error: unknown) => this.log.warn(`heartbeat failed: ${String(error)}`));
    }, this.config.GENERATION_HEARTBEAT_MS);
    await this.loop.start();
  }

  /** Stops taking jobs; running ones stop at their next step and go back to the queue for another process. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.loop?.stop();
    const runs = [...this.active.values()].map((run) => run.done);
    const grace = new Promise<void>((resolve) => setTimeout(resolve, this.config.SHUTDOWN_TIMEOUT_MS).unref());
    await Promise.race([Promise.all(runs), grace]);
    clearInterval(this.heartbeatTimer);
  }

  private async pass(): Promise<void> {
    for (const job of await this.store.failAbandoned()) {
      this.log.warn(`job ${job.jobId} gave up after ${job.attempts} interrupted runs`);
      await this.setAppStatus(job.caller, job.appId, 'failed');
    }
    const free = this.config.GENERATION_CONCURRENCY - this.active.size;
    if (free <= 0 || this.stopping) return;
    for (const job of await this.store.claim(free)) {
      const run: ActiveRun = { jobId: job.jobId, attempt: job.attempts, done: Promise.resolve() };
      run.done = this.traced(job, run).finally(() => {
        this.active.delete(job.jobId);
        this.loop?.wake();
      });
      this.active.set(job.jobId, run);
    }
  }

  /** Runs the job in the trace of the request that queued it, timed by engine and outcome. */
  private async traced(job: GenerationJobEntity, run: JobRun): Promise<void> {
    const { context, span } = jobContext(job, `generation ${job.engine}`);
    const startedAt = performance.now();
    const failed = await runInRequestContext(context, () => this.run(job, run));
    jobRunDuration.observe({ engine: job.engine, outcome: failed ? 'failed' : 'completed' }, (performance.now() - startedAt) / 1000);
    endSpan(span, failed ? 'the run did not complete' : undefined);
  }

  /** Resolves true when the run did not complete the job (it failed, was stopped or goes back to the queue). */
  private async run(job: GenerationJobEntity, run: JobRun): Promise<boolean> {
    const usage: TokenUsage = { input: 0, output: 0 };
    const checkpoint = (progress: number, message: string, changes: { name?: string } = {}): Promise<GenerationJobEntity> => {
      if (this.stopping) throw new WorkerStoppingError();
      return this.store.checkpoint(run, progress, message, { ...changes, tokensInput: usage.input, tokensOutput: usage.output });
    };
    try {
      await this.generate(job, usage, checkpoint);
      return false;
    } catch (error) {
      await this.settle(job, run, usage, error);
      return true;
    }
  }

  private async generate(job: GenerationJobEntity, usage: TokenUsage, checkpoint: Checkpoint): Promise<void> {
    const { caller, appId } = job;
    const run: JobRun = { jobId: job.jobId, attempt: job.attempts };
    const planner = this.planners.get(job.engine);

    const { plan: current } = await this.rpc.request(AppsSubjects.latestPlan, { caller, id: appId });
    const plan = await planner.plan(job.prompt, current, { model: modelFor(job.aiModel), usage });

    const { app } = await this.rpc.request(AppsSubjects.get, { caller, id: appId });
    // An app the caller did not name takes the name of what was planned for it.
    const name = !job.nameGiven && app.name === DEFAULT_APP_NAME ? plan.name : app.name;
    if (name !== app.name) await this.rpc.request(AppsSubjects.update, { caller, id: appId, changes: { name } });
    const verb = current ? 'Updating' : 'Planning';
    await checkpoint(GENERATION_PROGRESS.planning, `${verb} ${name}: ${describe(plan)}`, { name });

    const urls = appUrls(appId, {
      previewHost: this.config.PREVIEW_HOST,
      appsHost: this.config.APPS_HOST,
      scheme: this.config.PUBLIC_URL_SCHEME,
      port: this.config.PUBLIC_URL_PORT,
    });
    const context: RenderContext = {
      appId,
      // The preview is where this build will be served; production is only what a deploy already made live.
      previewUrl: urls.preview,
      productionUrl: app.production_url,
      editorUrl: editorUrl(this.config.SITE_URL, appId),
      envVarNames: [],
      customDomains: [],
    };
    const coder = this.planners.coder(job.engine);
    const written = coder
      ? await this.writeWithModel(job, coder, { ...plan, name }, current !== null, context, usage, checkpoint)
      : { plan: { ...plan, name }, files: renderApp({ ...plan, name }, context) };
    if (!coder) await checkpoint(GENERATION_PROGRESS.generating, `Writing ${plural(written.files.length, 'file')} for ${name}`);
    const { version } = await this.rpc.request(AppsSubjects.saveVersion, {
      caller,
      id: appId,
      files: written.files,
      plan: written.plan,
      source: 'generation',
      idempotency_key: job.jobId,
    });
    // All at once: a plan's entities may point at each other (expenses → people → trips), even in a cycle.
    if (written.plan.entities.length > 0) {
      await this.rpc.request(AppsSubjects.defineEntities, { caller, id: appId, entities: written.plan.entities });
    }

    await checkpoint(GENERATION_PROGRESS.processing, 'Building the preview');
    const { build } = await this.rpc.request(DeploymentSubjects.build, { caller, app_id: appId, version_id: version.id }, this.config.BUILD_TIMEOUT_MS);
    // A job cancelled while its build ran keeps the build, but its result no longer decides anything.
    await this.store.assertRunning(run);
    if (build.status === 'failed') {
      const first = build.errors[0];
      throw new JobFailure(first ? `The build failed: ${first.message}` : 'The build failed');
    }
    const { app: built } = await this.rpc.request(AppsSubjects.setLifecycle, { caller, id: appId, changes: { status: 'generated' } });
    const previewUrl = built.preview_url ?? urls.preview;
    await this.store.complete(run, `Your app is ready at ${previewUrl}`, previewUrl, usage, (reserved, used) => creditsCharged(job.engine, reserved, used));
  }

  /**
   * The openai engine's files: the model starts from the rendered scaffold of the plan (a new app) or from the app's
   * files as they are now, with its owner's edits and app.json updated to the revised plan (an update), and changes
   * them through tools, building with deployment-service until they build. Each step is a checkpoint, so a cancel
   * stops the loop at its next step.
   */
  private async writeWithModel(
    job: GenerationJobEntity,
    chat: ChatCompletionsClient,
    plan: AppPlan,
    revision: boolean,
    context: RenderContext,
    usage: TokenUsage,
    checkpoint: Checkpoint,
  ): Promise<{ plan: AppPlan; files: SourceFile[] }> {
    const { caller, appId } = job;
    const model = modelFor(job.aiModel) ?? chat.options.defaultModel;
    const start = revision ? withPlanFile(await this.currentFiles(caller, appId), plan) : renderApp(plan, context);
    await checkpoint(GENERATION_PROGRESS.generating, `Writing the code of ${plan.name} with ${model}`);
    const budget = this.planners.codeBudget;
    const outcome = await writeCode(
      { prompt: job.prompt, appName: plan.name, files: start, revision },
      {
        chat,
        model,
        budget,
        usage,
        check: (files) => this.checkBuild(appId, files),
        progress: async (step, message) => {
          await checkpoint(codingProgress(step, budget.maxSteps), message);
        },
      },
    );
    // The name is the app's and the prompts appgen's record; the rest of app.json is the model's to change.
    const written: AppPlan = { ...outcome.plan, name: plan.name, prompts: plan.prompts };
    return { plan: written, files: withPlanFile(outcome.files, written) };
  }

  /** The app's files as they are now (its newest version, with its owner's edits). */
  private async currentFiles(caller: Caller, appId: string): Promise<SourceFile[]> {
    const { files } = await this.rpc.request(AppsSubjects.listFiles, { caller, id: appId });
    return files.map(({ path, content }) => ({ path, content }));
  }

  /** Builds files as a version is built, without storing anything; too large to send at once is a problem the model can fix. */
  private async checkBuild(appId: string, files: SourceFile[]): Promise<BuildProblem[]> {
    try {
      const { errors } = await this.rpc.request(DeploymentSubjects.check, { app_id: appId, files }, this.config.BUILD_TIMEOUT_MS);
      return errors.map(({ file, message, suggested_action }) => ({ file, message, suggested_action }));
    } catch (error) {
      if (!(error instanceof AppgenError && error.payload.status === 413)) throw error;
      return [{ file: '', message: error.payload.body.message, suggested_action: 'Make the app smaller: shorten files or delete ones it does not need.' }];
    }
  }

  private async settle(job: GenerationJobEntity, run: JobRun, usage: TokenUsage, error: unknown): Promise<void> {
    if (error instanceof JobStoppedError) {
      this.log.log(`job ${job.jobId} stopped (cancelled or taken over)`);
      return;
    }
    try {
      if (error instanceof WorkerStoppingError) {
        await this.store.release(run, { delayMs: 0, countAttempt: false, message: 'Queued again: the worker running it stopped' });
        return;
      }
      if (isTransient(error) && run.attempt < this.config.GENERATION_MAX_ATTEMPTS) {
        this.log.warn(`job ${job.jobId} attempt ${run.attempt} hit a transient failure, retrying: ${String(error)}`);
        await this.store.release(run, {
          delayMs: 2000 * run.attempt,
          countAttempt: true,
          message: 'Queued again: a service it needs was briefly unavailable',
        });
        return;
      }
      const message = this.failureMessage(error);
      if (!(error instanceof JobFailure || error instanceof PlanningError)) this.log.error(`job ${job.jobId} failed: ${String(error)}`);
      await this.store.fail(run, message, usage);
      await this.setAppStatus(job.caller, job.appId, 'failed');
    } catch (settleError) {
      if (settleError instanceof JobStoppedError) return;
      // The heartbeat stops with this run, so another pass takes the job again once it goes stale.
      this.log.error(`job ${job.jobId} could not be settled: ${String(settleError)}`);
    } finally {
      if (usage.input + usage.output > 0) this.log.log(`job ${job.jobId} used ${usage.input} input and ${usage.output} output tokens`);
    }
  }

  private failureMessage(error: unknown): string {
    if (error instanceof JobFailure || error instanceof PlanningError) return error.message;
    if (error instanceof AppgenError) return `${error.payload.body.message}`;
    return 'An internal error stopped the generation';
  }

  private async setAppStatus(caller: Caller, appId: string, status: AppStatus): Promise<void> {
    try {
      await this.rpc.request(AppsSubjects.setLifecycle, { caller, id: appId, changes: { status } });
    } catch (error) {
      const gone = isNotFound(error);
      if (!gone) this.log.warn(`app ${appId} could not be marked ${status}: ${String(error)}`);
    }
  }
}
