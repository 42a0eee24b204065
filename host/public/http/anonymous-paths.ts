import type { BasePath } from './base-path';

/** Pages that work without a login: a 401 there is an answer to show, not a reason to leave for the login page. */
export class AnonymousPaths {
  private readonly paths = new Set<string>();

  constructor(private readonly basePath: BasePath) {}

  register(path: string): void {
    this.paths.add(normalize(path));
  }

  isAnonymous(path: string): boolean {
    return this.paths.has(normalize(this.basePath.remove(path)));
  }
}

function normalize(path: string): string {
  const withoutQuery = path.split(/[?#]/)[0];
  const trimmed = withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
  return trimmed.toLowerCase();
}
