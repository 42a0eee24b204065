/** The console's editor text, kept per dashboard user in this browser so it survives a reload. */
import { INITIAL_BUFFER } from '../model/initial-buffer';

export type BufferStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function bufferStorageKey(username: string): string {
  return `svc:console:buffer:${username}`;
}

export class BufferStore {
  private readonly key: string;

  constructor(
    private readonly storage: BufferStorage,
    username: string,
  ) {
    this.key = bufferStorageKey(username);
  }

  /** The user's text, or the starting text the first time. An emptied editor stays empty. */
  load(): string {
    return this.storage.getItem(this.key) ?? INITIAL_BUFFER;
  }

  save(text: string): void {
    this.storage.setItem(this.key, text);
  }
}
