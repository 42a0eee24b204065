import type { SearchSyntax } from './types';

/** A syntax as registered at setup: its code is loaded when a search bar first uses it. */
export interface SearchSyntaxDescriptor {
  id: string;
  label: string;
  description: string;
  load(): Promise<SearchSyntax>;
}

export class SearchSyntaxRegistry {
  private readonly descriptors = new Map<string, SearchSyntaxDescriptor>();
  private readonly loaded = new Map<string, Promise<SearchSyntax>>();

  register(descriptor: SearchSyntaxDescriptor): void {
    if (this.descriptors.has(descriptor.id))
      throw new Error(`Search syntax "${descriptor.id}" is already registered`);
    this.descriptors.set(descriptor.id, descriptor);
  }

  list(): SearchSyntaxDescriptor[] {
    return [...this.descriptors.values()];
  }

  load(id: string): Promise<SearchSyntax> {
    const descriptor = this.descriptors.get(id);
    if (!descriptor) return Promise.reject(new Error(`Search syntax "${id}" is not registered`));
    let syntax = this.loaded.get(id);
    if (!syntax) {
      syntax = descriptor.load();
      // A failed load (a chunk that did not arrive) may be retried later.
      syntax.catch(() => this.loaded.delete(id));
      this.loaded.set(id, syntax);
    }
    return syntax;
  }
}

/** The syntaxes the svc search bars offer; WQL first, as the managed API's own filter language. */
export function registerSvcSearchSyntaxes(registry: SearchSyntaxRegistry): void {
  registry.register({
    id: 'wql',
    label: 'WQL',
    description:
      'field=value, joined with and / or; operators = != < > ~ (contains); words alone search every field',
    load: async () => (await import('./wql')).wqlSyntax,
  });
  registry.register({
    id: 'dql',
    label: 'DQL',
    description: 'field:value, field:(a or b), field > value, not, *text* for contains',
    load: async () => (await import('./dql')).dqlSyntax,
  });
  registry.register({
    id: 'lucene',
    label: 'Lucene',
    description: 'field:value with AND / OR / NOT, -field:value, ranges [a TO b]',
    load: async () => (await import('./lucene')).luceneSyntax,
  });
}
