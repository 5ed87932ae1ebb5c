import { GenerationSubjects, TEXT_LIMITS } from '@appgen/contracts';
import { storedText } from './json-schema';
import { defineTool } from './tool';

type GenerateParams = { prompt: string; name?: string; description?: string; model?: string };

/** svc-generate-app: queues a generation like POST /generation_queue (with app_id: changes that app). */
export const generateAppTool = defineTool<GenerateParams>({
  name: 'svc-generate-app',
  description:
    'Generate a full-stack web app from a plain-language prompt (with app_id: change that app as the prompt says). ' +
    'Answers at once with the app id and a status_url to poll; the preview address is known when the job completes. ' +
    'Needs the generation:queue permission.',
  input_schema: {
    type: 'object',
    properties: {
      prompt: storedText(TEXT_LIMITS.prompt, 'what to build or change'),
      name: storedText(TEXT_LIMITS.appName, 'name of a new app, one line'),
      description: storedText(TEXT_LIMITS.appDescription, 'what the app is for; may span lines'),
      model: storedText(TEXT_LIMITS.aiModel, 'a model the generator engines offer, e.g. blueprint (any other is refused, listing them)'),
    },
    required: ['prompt'],
    additionalProperties: false,
  },
  permission: 'generation:queue',
  needs_app: false,
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
