/**
 * A history rooted at one app's URL: the app sees `/agents` while the browser shows
 * `<base path>/app/<id>/agents`. Back and forward go through the browser's own history, so they
 * work across apps; listeners hear only about locations inside the app.
 */
import {
  parsePath,
  type History,
  type Location,
  type Path,
  type To,
  type Transition,
} from 'history';

export function createScopedHistory(root: History, prefix: string): History {
  const isInside = (pathname: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  const strip = (location: Location): Location => ({
    ...location,
    pathname: isInside(location.pathname)
      ? location.pathname.slice(prefix.length) || '/'
      : location.pathname,
  });
  const toRoot = (to: To): Partial<Path> => {
    const path = typeof to === 'string' ? parsePath(to) : to;
    if (path.pathname === undefined || path.pathname === '')
      return { ...path, pathname: root.location.pathname };
    const relative = path.pathname.startsWith('/') ? path.pathname : `/${path.pathname}`;
    return { ...path, pathname: relative === '/' ? prefix : `${prefix}${relative}` };
  };

  return {
    get action() {
      return root.action;
    },
    get location() {
      return strip(root.location);
    },
    createHref: (to) => root.createHref(toRoot(to)),
    push: (to, state) => root.push(toRoot(to), state),
    replace: (to, state) => root.replace(toRoot(to), state),
    go: (delta) => root.go(delta),
    back: () => root.back(),
    forward: () => root.forward(),
    listen: (listener) =>
      root.listen(({ action, location }) => {
        if (isInside(location.pathname)) listener({ action, location: strip(location) });
      }),
    block: (blocker) =>
      root.block((transition: Transition) =>
        blocker({ ...transition, location: strip(transition.location) }),
      ),
  };
}
