import { FIELD_TYPES, type AppPlan } from '@appgen/contracts';
import { validateAppPlan } from '../blueprint';
import { PlanningError, type AppPlanner, type PlanOptions } from './app-planner';
import { ChatCompletionsClient, snippet, type ChatApiOptions, type ChatMessage } from './chat-completions';

/** Where the planner asks (any OpenAI-compatible chat completions API). */
export type OpenAiPlannerOptions = ChatApiOptions;

const SYSTEM_PROMPT = `You design small full-stack web apps for appgen. Answer with ONE JSON object, the app plan, and nothing else.
Shape (TypeScript):
{
  "name": string,                 // the app's name, e.g. "Recipe Manager" (at most 80 characters)
  "description": string,          // one sentence saying what the app keeps
  "entities": [{                  // the data the app stores, 1 to 8 entities
    "name": string,               // snake_case plural table name, e.g. "recipes"
    "label": string,              // e.g. "Recipes"
    "label_singular": string,     // e.g. "Recipe"
    "user_scoped": boolean,       // true when each signed-in user sees only their own rows
    "open_writes"?: boolean,      // true only when visitors who are not signed in must add rows (a guest book); never with user_scoped
    "fields": [{
      "name": string,             // snake_case column, e.g. "cooking_time"; never id, created_at, updated_at, user_id, owner_id
      "label": string,            // e.g. "Cooking time"
      "type": ${FIELD_TYPES.map((type) => `"${type}"`).join(' | ')},
      "required": boolean,
      "options"?: string[],       // the choices: required for select and multiselect, absent for every other type
      "hint"?: string             // unit or hint, e.g. "minutes"
    }]
  }],
  "pages": [{                     // client-side routes
    "path": string,               // "/" for home, "/<entity>" for lists, "/<entity>/new" for forms, "/sign-in"
    "title": string,
    "kind": "home" | "list" | "form" | "sign_in",
    "entity"?: string             // the entity name a list or form page shows
  }],
  "prompts": string[]             // every prompt the plan was made from, oldest first
}
Give every entity a list page and a form page, add one home page and one sign_in page. Use field types that fit the data
(integer for counts and minutes, number for prices and ratings with decimals, date for days, boolean for yes/no, select
for a fixed set of choices). Keep names plain and specific to what the user asked for.`;

/**
 * Plans an app with any OpenAI-compatible chat completions API, in JSON mode. The answer must be a valid
 * AppPlan; an invalid one is sent back once with what was wrong, and a second invalid answer fails the job.
 */
export class OpenAiPlanner implements AppPlanner {
  readonly engine = 'openai' as const;
  private readonly chat: ChatCompletionsClient;

  constructor(options: OpenAiPlannerOptions) {
    this.chat = new ChatCompletionsClient(options);
  }

  async plan(prompt: string, current: AppPlan | null, options: PlanOptions = {}): Promise<AppPlan> {
    const model = options.model ?? this.chat.options.defaultModel;
    const request = current
      ? `Here is the current app plan:\n${JSON.stringify(current)}\n\nChange it as this request says, keep everything it does not mention, and add the request to "prompts":\n${prompt}`
      : `Plan an app for this request:\n${prompt}`;
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: request },
    ];
    let problem = '';
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const { content } = await this.chat.complete({ model, messages, response_format: { type: 'json_object' }, temperature: 0 }, options.usage);
      const answer = content ?? '';
      try {
        const plan = validateAppPlan(JSON.parse(answer) as unknown);
        // The prompt history is appgen's record, not the model's to rewrite.
        return { ...plan, prompts: [...(current?.prompts ?? []), prompt] };
      } catch (error) {
        problem = error instanceof SyntaxError ? `it is not JSON (${error.message})` : error instanceof Error ? error.message : String(error);
        messages.push(
          { role: 'assistant', content: answer },
          { role: 'user', content: `That answer cannot be used: ${problem}. Answer again with only the corrected JSON app plan.` },
        );
      }
    }
    throw new PlanningError(`The model ${model} did not answer with a valid app plan twice in a row: ${snippet(problem, 500)}`);
  }
}
