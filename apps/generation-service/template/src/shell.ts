/** The page frame (header, navigation, main area) and the routes of the whole app. */
import { clear, h } from './dom';
import { href, startRouter, type Route } from './router';
import type { AppUser } from './api';
import { setLanguage, t, type Language } from './i18n';
import { currentUser, onUserChange } from './session';
import { renderBoard } from './views/board';
import { renderCalendar } from './views/calendar';
import { registerEntities, type EntityPages } from './views/entity-pages';
import { renderHome, type ViewPage } from './views/home';
import { renderRanking } from './views/ranking';
import { renderSignIn } from './views/sign-in';
import { pageHeader } from './views/ui';

export interface AppConfig {
  name: string;
  description: string;
  language: Language;
  homeTitle: string;
  signIn: boolean;
  entities: EntityPages[];
  /** navigation labels by entity name */
  navigation: Record<string, string>;
  /** the app's boards, calendars and rankings */
  views: ViewPage[];
}

function viewRoutes(view: ViewPage): Route[] {
  switch (view.kind) {
    case 'board':
      return [{ path: view.path, title: view.title, render: () => renderBoard(view.entity, view.field, view.title) }];
    case 'ranking':
      return [{ path: view.path, title: view.title, render: () => renderRanking(view.entity, view.field, view.title) }];
    case 'calendar':
      return [
        { path: view.path, title: view.title, render: () => renderCalendar(view.entity, view.field, view.title, view.path, undefined) },
        { path: view.path + '/:month', title: view.title, render: (params) => renderCalendar(view.entity, view.field, view.title, view.path, params.month) },
      ];
  }
}

export function startApp(config: AppConfig): void {
  setLanguage(config.language);
  document.documentElement.lang = config.language;
  registerEntities(config.entities);
  const root = document.getElementById('app') ?? document.body;
  const main = h('main', { id: 'main', tabindex: -1 });
  const account = h('div', { class: 'account' });
  const destinations = [
    ...config.entities.map((entity) => ({ path: entity.path, label: config.navigation[entity.name] ?? entity.label })),
    ...config.views.map((view) => ({ path: view.path, label: view.title })),
  ];
  const links = destinations.map((destination) => h('a', { href: href(destination.path), 'data-path': destination.path }, destination.label));
  const header = h(
    'header',
    { class: 'site-header' },
    h('a', { class: 'skip-link', href: '#main' }, t().skipToContent),
    h('a', { class: 'brand', href: href('/') }, config.name),
    h('nav', { 'aria-label': t().mainNavigation }, ...links),
    config.signIn ? account : null,
  );
  clear(root);
  root.append(header, main);

  const showAccount = (user: AppUser | null): void => {
    clear(account);
    account.append(
      user
        ? h('a', { href: href('/sign-in') }, user.email, ' ', h('span', { class: 'tier', 'data-tier': user.tier }, user.tier))
        : h('a', { class: 'button primary', href: href('/sign-in') }, t().signIn),
    );
  };
  if (config.signIn) {
    onUserChange(showAccount);
    void currentUser().then(showAccount);
  }

  // Boards, calendars and rankings first: their paths may start like an entity's row pages.
  const routes: Route[] = [{ path: '/', title: config.homeTitle, render: () => renderHome(config.homeTitle, config.description, config.entities, config.views) }];
  if (config.signIn) routes.push({ path: '/sign-in', title: t().signIn, render: renderSignIn });
  for (const view of config.views) routes.push(...viewRoutes(view));
  for (const entity of config.entities) routes.push(...entity.routes);

  let shown = 0;
  startRouter(routes, async (route, params) => {
    shown += 1;
    const ticket = shown;
    // The link of the longest path the page is under is the current one (a board's over its entity's list).
    const current = route === null ? undefined : destinations.filter((destination) => route.path === destination.path || route.path.startsWith(destination.path + '/')).sort((a, b) => b.path.length - a.path.length)[0];
    for (const link of links) {
      if (current && link.getAttribute('data-path') === current.path) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    main.setAttribute('aria-busy', 'true');
    let content: Node;
    try {
      content = route ? await route.render(params) : h('section', { class: 'page' }, pageHeader(t().pageNotFound), h('p', {}, t().nothingHere), h('a', { href: href('/') }, t().goHome));
    } catch {
      content = h('section', { class: 'page' }, pageHeader(t().somethingWentWrong), h('p', {}, t().pageFailed));
    }
    if (ticket !== shown) return;
    main.removeAttribute('aria-busy');
    clear(main);
    main.append(content);
    document.title = (route ? route.title : t().pageNotFound) + (route && route.path === '/' ? '' : ' · ' + config.name);
    const heading = main.querySelector('h1');
    if (heading instanceof HTMLElement && ticket > 1) heading.focus();
  });
}
