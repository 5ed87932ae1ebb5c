import { AiModel, AppDescription, AppName, Closed, GenerationSubjects, Prompt, Type, type Static } from '@appgen/contracts';
import { defineTool } from './tool';

/** The tool's params: the fields of QueueGenerationRequest it offers, with the same schemas (`model` is `ai_model`). */
const GenerateParams = Closed({
  prompt: Prompt,
  name: Type.Optional({ ...AppName, description: 'name of a new app, one line' }),
  description: Type.Optional(AppDescription),
  model: Type.Optional({ ...AiModel, description: 'a model the generator engines offer, e.g. blueprint (any other is refused, listing them)' }),
});
type GenerateParams = Static<typeof GenerateParams>;

/** What svc-generate-app answers (contract 4.7): the job is queued, its status at status_url. */
export const GenerateToolBody = Closed(
  {
    success: Type.Literal(true),
    app_id: Type.String(),
    status_url: Type.String({ format: 'uri' }),
    preview_url: Type.Null(),
  },
  { description: 'svc-generate-app: the job is queued; poll status_url' },
);

/** svc-generate-app: queues a generation like POST /generation_queue (with app_id: changes that app). */
export const generateAppTool = defineTool<GenerateParams>({
  name: 'svc-generate-app',
  description:
    'Generate a full-stack web app from a plain-language prompt (with app_id: change that app as the prompt says). ' +
    'Answers at once with the app id and a status_url to poll; the preview address is known when the job completes. ' +
    'Needs the generation:queue permission.',
  input_schema: GenerateParams,
  permission: 'generation:queue',
  needs_app: false,
  result_schema: GenerateToolBody,
  async run({ rpc, models, caller, appId }, { prompt, name, description, model }) {
    await models.require(model, 'params.model');
    const queued = await rpc.request(GenerationSubjects.queue, {
      caller,
      prompt,
      ...(appId === null ? {} : { app_id: appId }),
      ...(name === undefined ? {} : { name }),
      ...(description === undefined ? {} : { description }),
      ...(model === undefined ? {} : { ai_model: model }),
    });
    return { success: true, app_id: queued.app_id, status_url: queued.status_url, preview_url: null };
  },
});
