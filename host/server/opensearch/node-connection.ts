/**
 * The client's connection to one node, as the host builds it: every answer bounded (see
 * `boundedResponse`), and what the node pool did with it kept for the status: alive or dead since
 * when, and the last failure met there.
 */
import type { ClientRequest } from 'node:http';
import { Connection } from '@opensearch-project/opensearch';
import type { OpenSearchNodeState } from '../types';
import { boundedResponse } from './bounded-response';

type RequestParams = Parameters<Connection['request']>[0];
type ResponseCallback = Parameters<Connection['request']>[1];

export class NodeConnection extends Connection {
  /** Set by the subclass `nodeConnection` makes. */
  protected maxResponseBytes = Number.MAX_SAFE_INTEGER;
  private statusSince = new Date();
  private lastFailure?: { message: string; at: Date };

  constructor(options: ConstructorParameters<typeof Connection>[0]) {
    super(options);
    // The pool marks a node by assigning `status`; the base class declares it a plain property, so
    // the accessor that notes when it changed is put on the instance.
    const base = Object.getOwnPropertyDescriptor(Connection.prototype, 'status')!;
    Object.defineProperty(this, 'status', {
      get: () => base.get!.call(this) as string,
      set: (status: string) => {
        if (status !== base.get!.call(this)) this.statusSince = new Date();
        base.set!.call(this, status);
      },
    });
  }

  override request(params: RequestParams, callback: ResponseCallback): ClientRequest {
    return super.request(params, (error, response) => {
      if (error) this.lastFailure = { message: `${error.name}: ${error.message}`, at: new Date() };
      callback(
        error,
        error || !response
          ? response
          : boundedResponse(response, this.maxResponseBytes, (failure) => {
              this.lastFailure = { message: failure.message, at: new Date() };
            }),
      );
    });
  }

  state(): OpenSearchNodeState {
    return {
      url: this.url.href,
      alive: this.status === Connection.statuses.ALIVE,
      since: this.statusSince,
      ...(this.lastFailure && { lastFailure: this.lastFailure }),
    };
  }
}

/** The node connection class of a client whose answers are bounded to `maxBytes`. */
export function nodeConnection(maxBytes: number): typeof NodeConnection {
  return class extends NodeConnection {
    protected override maxResponseBytes = maxBytes;
  };
}
