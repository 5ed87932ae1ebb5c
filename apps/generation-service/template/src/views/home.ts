/** The start page: what the app is for, and a card per entity with how many rows it has. */
import { h } from '../dom';
import { href } from '../router';
import type { EntityPages } from './entity-pages';

export async function renderHome(title: string, description: string, entities: readonly EntityPages[]): Promise<Node> {
  const counts = await Promise.all(entities.map((entity) => entity.count()));
  return h(
    'section',
    { class: 'page' },
    h('header', { class: 'hero' }, h('h1', { tabindex: -1 }, title), h('p', { class: 'lead' }, description)),
    h(
      'ul',
      { class: 'cards' },
      ...entities.map((entity, index) => {
        const count = counts[index];
        return h(
          'li',
          { class: 'card' },
          h('h2', {}, h('a', { href: href(entity.path) }, entity.label)),
          h('p', { class: 'count' }, count === null ? (entity.userScoped ? 'Sign in to see yours' : '—') : count === 1 ? '1 entry' : count + ' entries'),
          h('a', { class: 'button', href: href(entity.path + '/new') }, 'Add new'),
        );
      }),
    ),
  );
}
