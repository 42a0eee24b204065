import type { QueryLanguage } from './types';

/** A query language as registered at setup: its code is loaded when a search bar first uses it. */
export interface QueryLanguageDescriptor {
  id: string;
  label: string;
  description: string;
  load(): Promise<QueryLanguage>;
}

export class QueryLanguageRegistry {
  private readonly descriptors = new Map<string, QueryLanguageDescriptor>();
  private readonly loaded = new Map<string, Promise<QueryLanguage>>();

  register(descriptor: QueryLanguageDescriptor): void {
    if (this.descriptors.has(descriptor.id))
      throw new Error(`Query language "${descriptor.id}" is already registered`);
    this.descriptors.set(descriptor.id, descriptor);
  }

  list(): QueryLanguageDescriptor[] {
    return [...this.descriptors.values()];
  }

  load(id: string): Promise<QueryLanguage> {
    const descriptor = this.descriptors.get(id);
    if (!descriptor) return Promise.reject(new Error(`Query language "${id}" is not registered`));
    let language = this.loaded.get(id);
    if (!language) {
      language = descriptor.load();
      // A failed load (a chunk that did not arrive) may be retried later.
      language.catch(() => this.loaded.delete(id));
      this.loaded.set(id, language);
    }
    return language;
  }
}

/** The query languages of the svc search bars; WQL first, the managed API's own filter language. */
export function registerSvcQueryLanguages(registry: QueryLanguageRegistry): void {
  registry.register({
    id: 'wql',
    label: 'WQL',
    description:
      'field=value, joined with and / or; operators = != < > ~ (contains); words alone search every field',
    load: async () => (await import('./wql')).wqlLanguage,
  });
  registry.register({
    id: 'dql',
    label: 'DQL',
    description: 'field:value, field:(a or b), field > value, not, *text* for contains',
    load: async () => (await import('./dql')).dqlLanguage,
  });
  registry.register({
    id: 'lucene',
    label: 'Lucene',
    description: 'field:value with AND / OR / NOT, -field:value, ranges [a TO b]',
    load: async () => (await import('./lucene')).luceneLanguage,
  });
}
