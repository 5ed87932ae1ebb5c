import type { SiteFacts } from '../site/site-facts';

export const HELP_CATEGORIES = [
  { id: 'getting-started', title: 'Getting started' },
  { id: 'building-apps', title: 'Building apps' },
  { id: 'users-and-access', title: 'Users and access' },
  { id: 'integrations', title: 'Integrations' },
  { id: 'authentication', title: 'Authentication' },
  { id: 'reference', title: 'Reference' },
] as const;
export type HelpCategoryId = (typeof HELP_CATEGORIES)[number]['id'];

/**
 * One help article: written in markdown by `render`, which takes its lists (scopes, tools, events, limits) from
 * the code through the facts rather than copying them.
 */
export interface HelpArticle {
  slug: string;
  title: string;
  /** one sentence: the article's summary in lists, its meta description, llms.txt's note */
  description: string;
  category: HelpCategoryId;
  /** the article's body, below its title */
  render(facts: SiteFacts): string;
}
