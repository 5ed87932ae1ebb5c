/** The page frame (header, navigation, main area) and the routes of the whole app. */
import { clear, h } from './dom';
import { href, startRouter, type Route } from './router';
import type { AppUser } from './api';
import { currentUser, onUserChange } from './session';
import type { EntityPages } from './views/entity-pages';
import { renderHome } from './views/home';
import { renderSignIn } from './views/sign-in';
import { pageHeader } from './views/ui';

export interface AppConfig {
  name: string;
  description: string;
  homeTitle: string;
  signIn: boolean;
  entities: EntityPages[];
  /** navigation labels by entity name */
  navigation: Record<string, string>;
}

export function startApp(config: AppConfig): void {
  const root = document.getElementById('app') ?? document.body;
  const main = h('main', { id: 'main', tabindex: -1 });
  const account = h('div', { class: 'account' });
  const links = config.entities.map((entity) => h('a', { href: href(entity.path), 'data-path': entity.path }, config.navigation[entity.name] ?? entity.label));
  const header = h(
    'header',
    { class: 'site-header' },
    h('a', { class: 'skip-link', href: '#main' }, 'Skip to content'),
    h('a', { class: 'brand', href: href('/') }, config.name),
    h('nav', { 'aria-label': 'Main' }, ...links),
    config.signIn ? account : null,
  );
  clear(root);
  root.append(header, main);

  const showAccount = (user: AppUser | null): void => {
    clear(account);
    account.append(
      user
        ? h('a', { href: href('/sign-in') }, user.email, ' ', h('span', { class: 'tier', 'data-tier': user.tier }, user.tier))
        : h('a', { class: 'button primary', href: href('/sign-in') }, 'Sign in'),
    );
  };
  if (config.signIn) {
    onUserChange(showAccount);
    void currentUser().then(showAccount);
  }

  const routes: Route[] = [{ path: '/', title: config.homeTitle, render: () => renderHome(config.homeTitle, config.description, config.entities) }];
  if (config.signIn) routes.push({ path: '/sign-in', title: 'Sign in', render: renderSignIn });
  for (const entity of config.entities) routes.push(...entity.routes);

  let shown = 0;
  startRouter(routes, async (route, params) => {
    shown += 1;
    const ticket = shown;
    for (const link of links) {
      const path = link.getAttribute('data-path') ?? '';
      const active = route !== null && route.path.startsWith(path);
      if (active) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    main.setAttribute('aria-busy', 'true');
    let content: Node;
    try {
      content = route ? await route.render(params) : h('section', { class: 'page' }, pageHeader('Page not found'), h('p', {}, 'There is nothing here. '), h('a', { href: href('/') }, 'Go to the start page'));
    } catch {
      content = h('section', { class: 'page' }, pageHeader('Something went wrong'), h('p', {}, 'This page could not be shown. Please try again.'));
    }
    if (ticket !== shown) return;
    main.removeAttribute('aria-busy');
    clear(main);
    main.append(content);
    document.title = (route ? route.title : 'Page not found') + (route && route.path === '/' ? '' : ' · ' + config.name);
    const heading = main.querySelector('h1');
    if (heading instanceof HTMLElement && ticket > 1) heading.focus();
  });
}
