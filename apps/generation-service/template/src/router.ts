/**
 * Hash routing (#/recipes/3/edit): works on any static host, with no server-side fallback needed. A query after
 * the path (#/expenses/new?trip=3) adds its parameters to the route's.
 */
export type RouteParams = Record<string, string>;

export interface Route {
  path: string;
  title: string;
  render(params: RouteParams): Promise<Node>;
}

export function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash : '/';
}

export function href(path: string): string {
  return '#' + path;
}

export function navigate(path: string): void {
  if (currentPath() === path) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else window.location.hash = path;
}

export function matchRoute(routes: readonly Route[], location: string): { route: Route; params: RouteParams } | null {
  const [path, query = ''] = location.split('?', 2);
  const parts = path.split('/').filter((part) => part !== '');
  for (const route of routes) {
    const pattern = route.path.split('/').filter((part) => part !== '');
    if (pattern.length !== parts.length) continue;
    const params: RouteParams = Object.fromEntries(new URLSearchParams(query));
    let matches = true;
    for (let index = 0; index < pattern.length; index += 1) {
      const segment = pattern[index];
      if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(parts[index]);
      else if (segment !== parts[index]) matches = false;
    }
    if (matches) return { route, params };
  }
  return null;
}

export function startRouter(routes: readonly Route[], show: (route: Route | null, params: RouteParams) => Promise<void>): void {
  const run = (): void => {
    const found = matchRoute(routes, currentPath());
    void show(found ? found.route : null, found ? found.params : {});
  };
  window.addEventListener('hashchange', run);
  run();
}
