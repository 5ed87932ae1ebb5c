import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceFile } from '@appgen/contracts';
import { loadConversation, ScriptedChatApi, type ChatConversation } from '@appgen/testing';
import { adminAccount, api, closeBus, platformControl, throughEdge, until, type TestAccount } from './support';

/** Recorded conversations of the openai engine (generation-service's fixtures), replayed by a scripted chat API. */
const FIXTURES = join(__dirname, '../../generation-service/src/engines/fixtures');
const fixture = (name: string): ChatConversation => loadConversation(join(FIXTURES, `${name}.json`));
const ownerEdit = JSON.parse(readFileSync(join(FIXTURES, 'owner-edit.json'), 'utf8')) as SourceFile;

interface JobView {
  status: string;
  error: string | null;
  message: string;
  app: { id: string; status: string; preview_url: string | null };
}

/**
 * The openai engine through the public API: generation-service runs with OPENAI_BASE_URL pointed at a scripted
 * OpenAI-compatible API on this machine, and a caller's POST /generation_queue with `ai_model: "openai"` becomes an
 * app whose code the model wrote and repaired, served at its preview; an update keeps the owner's own edit; a model
 * that cannot make its code build fails the job with a message saying so.
 */
describe('the openai engine writes and repairs an app through the public API', () => {
  let owner: TestAccount;
  let chat: ScriptedChatApi;
  const control = platformControl();

  beforeAll(async () => {
    owner = await adminAccount('enterprise', 'llm-engine');
    chat = await new ScriptedChatApi().start();
    await control.restart('generation-service', { OPENAI_BASE_URL: chat.url, OPENAI_MODEL: 'gpt-recorded', OPENAI_CODE_MAX_STEPS: '3' });
  });
  afterAll(async () => {
    // The next spec file shares the platform: generation-service goes back to its own configuration.
    await control.restart('generation-service');
    await chat?.stop();
    await closeBus();
  });

  const call = {
    get: (path: string) => api().get(`/api/v1${path}`).set('X-API-Key', owner.key),
    post: (path: string, body: object) => api().post(`/api/v1${path}`).set('X-API-Key', owner.key).send(body),
  };
  /** Queues with the openai engine; the gateway may still hold the models offered before the restart for a few seconds. */
  const queue = async (body: object): Promise<{ job_id: string; app_id: string }> => {
    const queued = await until('openai to be offered', () => call.post('/generation_queue', { ai_model: 'openai', ...body }), (response) => response.status !== 422, 40_000);
    expect(queued.status).toBe(202);
    return queued.body;
  };
  /** The job once it ended and its app with it (a failed job's app is marked failed just after). */
  const finished = (jobId: string): Promise<JobView> =>
    until<JobView>(
      `job ${jobId}`,
      async () => (await call.get(`/generation_queue/${jobId}`).expect(200)).body,
      (job) => !['queued', 'processing'].includes(job.status) && job.app.status !== 'generating',
    );
  const fileOf = async (appId: string, path: string): Promise<string | undefined> => {
    const { files } = (await call.get(`/managed_apps/${appId}/files`).expect(200)).body as { files: SourceFile[] };
    return files.find((file) => file.path === path)?.content;
  };

  it('builds an app whose code the model repaired after reading the build error, and serves it at its preview; an update keeps the owner’s edit', async () => {
    const created = fixture('new-app-repair');
    chat.play(created);
    const queued = await queue({ prompt: created.prompt });

    const job = await finished(queued.job_id);
    expect(chat.mismatches).toEqual([]);
    expect(job).toMatchObject({ status: 'completed', error: null, app: { status: 'generated' } });
    const previewUrl = String(job.app.preview_url);
    expect(await fileOf(queued.app_id, 'src/views/stats.ts')).toContain('Habit Tracker: ${habits.length} habits');
    await throughEdge(previewUrl, '/').expect(200);
    expect((await throughEdge(previewUrl, '/assets/app.js').expect(200)).text).toContain('Habit Tracker: ');

    await call.post('/mcp/execute_tool', { tool: 'svc-write-file', app_id: queued.app_id, params: ownerEdit }).expect(200);
    const revision = fixture('revision-keeps-edit');
    chat.play(revision);
    const update = await queue({ prompt: revision.prompt, app_id: queued.app_id });

    const updated = await finished(update.job_id);
    expect(chat.mismatches).toEqual([]);
    expect(updated).toMatchObject({ status: 'completed', error: null });
    expect(await fileOf(queued.app_id, ownerEdit.path)).toBe(ownerEdit.content);
    expect(await fileOf(queued.app_id, 'src/views/stats.ts')).toContain('streaks counted in days');
    expect((await throughEdge(previewUrl, '/assets/app.js').expect(200)).text).toContain('streaks counted in days');
  });

  it('fails the job with a clear message when the model’s budget runs out and its code still does not build', async () => {
    const conversation = fixture('budget-runs-out');
    chat.play(conversation);
    const queued = await queue({ prompt: conversation.prompt });

    const job = await finished(queued.job_id);
    expect(chat.mismatches).toEqual([]);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^The model used its whole budget \(3 steps\) and the app still does not build: 1 error, the first: src\/views\/stats\.ts:2:/);
    expect(job.app.status).toBe('failed');
  });
});
