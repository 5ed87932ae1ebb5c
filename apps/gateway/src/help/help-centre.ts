import type { SitePage } from '../site/page-layout';
import type { SiteFacts } from '../site/site-facts';
import { articlePath, SITE_PATHS } from '../site/site-paths';
import { apiKeysAndScopes, oauthForAgents } from './articles/authentication';
import { deployAndRollback, environmentVariables, filesAndData, generation } from './articles/building-apps';
import { accountsAndSignIn, quickStart } from './articles/getting-started';
import { mcpServer, webhooksAndSignatures, zapier } from './articles/integrations';
import { credits, errorsAndLimits, idempotency } from './articles/reference';
import { appUsersAndTiers } from './articles/users-and-access';
import { HELP_CATEGORIES, type HelpArticle } from './help-article';

/** Every article of the help centre, in reading order within each category. */
export const HELP_ARTICLES: readonly HelpArticle[] = [
  quickStart,
  accountsAndSignIn,
  generation,
  filesAndData,
  deployAndRollback,
  environmentVariables,
  appUsersAndTiers,
  webhooksAndSignatures,
  mcpServer,
  zapier,
  apiKeysAndScopes,
  oauthForAgents,
  errorsAndLimits,
  idempotency,
  credits,
];

export interface HelpCategoryListing {
  categories: Array<{
    id: string;
    title: string;
    articles: Array<{ slug: string; title: string; description: string; url: string; markdown_url: string }>;
  }>;
}

/** The help centre written out once from the facts: each article as a page, and the listings. */
export class HelpCentre {
  private readonly pages: ReadonlyMap<string, SitePage>;
  readonly index: SitePage;
  readonly listing: HelpCategoryListing;

  constructor(facts: SiteFacts) {
    this.pages = new Map(HELP_ARTICLES.map((article) => [article.slug, articlePage(article, facts)]));
    this.listing = {
      categories: HELP_CATEGORIES.map(({ id, title }) => ({
        id,
        title,
        articles: articlesIn(id).map(({ slug, title: articleTitle, description }) => ({
          slug,
          title: articleTitle,
          description,
          url: facts.urls.to(articlePath(slug, 'html')),
          markdown_url: facts.urls.to(articlePath(slug, 'markdown')),
        })),
      })),
    };
    this.index = {
      path: SITE_PATHS.help,
      title: 'Help centre',
      description: 'Guides to every part of appgen: generating, deploying, users, webhooks, authentication and limits.',
      markdown: indexMarkdown(facts),
    };
  }

  article(slug: string): SitePage | undefined {
    return this.pages.get(slug);
  }

  get articles(): SitePage[] {
    return [...this.pages.values()];
  }
}

function articlesIn(category: string): HelpArticle[] {
  return HELP_ARTICLES.filter((article) => article.category === category);
}

function articlePage(article: HelpArticle, facts: SiteFacts): SitePage {
  return {
    path: articlePath(article.slug, 'html'),
    markdownPath: articlePath(article.slug, 'markdown'),
    title: article.title,
    description: article.description,
    markdown: `# ${article.title}\n\n${article.render(facts).trim()}\n`,
  };
}

function indexMarkdown(facts: SiteFacts): string {
  const sections = HELP_CATEGORIES.map(({ id, title }) => {
    const items = articlesIn(id).map((article) => `- [${article.title}](${articlePath(article.slug, 'html')}): ${article.description}`);
    return `## ${title}\n\n${items.join('\n')}`;
  });
  return `# Help centre

Guides to using appgen, for people and agents. Each article is also plain markdown: add \`.md\` to its address, or send \`Accept: text/markdown\`. The list as JSON: [${SITE_PATHS.helpCategories}](${facts.urls.to(SITE_PATHS.helpCategories)}).

${sections.join('\n\n')}
`;
}
