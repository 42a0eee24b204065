/**
 * Request-handler contexts (`registerRouteHandlerContext`). A handler of plugin P sees `core`, the
 * contexts P registered and those of P's direct dependencies; each provider in turn sees what its own
 * plugin may see. Providers run for every request, in registration order, after `core`.
 */
import type { ContextProvider, OsdRequest, RequestHandlerContext, ResponseFactory } from '../types';
import { isPromiseLike } from './promise-like';

/** Owner of routes and contexts registered by the host itself rather than by a plugin. */
export const CORE_OWNER: unique symbol = Symbol('core');

interface RegisteredProvider {
  name: string;
  owner: symbol;
  provider: ContextProvider<unknown>;
}

interface PlanStep extends RegisteredProvider {
  /** Context names the provider may read; undefined when it may read everything built before it. */
  visibleNames?: ReadonlySet<string>;
}

type ContextRecord = Record<string, unknown> & Pick<RequestHandlerContext, 'core'>;

export class ContextContainer {
  private readonly providers: RegisteredProvider[] = [];
  private readonly plans = new Map<symbol, PlanStep[]>();

  /** `dependenciesOf(owner)`: the direct (required + present optional) dependencies of a plugin. */
  constructor(private readonly dependenciesOf: (owner: symbol) => readonly symbol[]) {}

  register(owner: symbol, name: string, provider: ContextProvider<unknown>): void {
    if (name === 'core' || this.providers.some((registered) => registered.name === name)) {
      throw new Error(`Context provider for ${name} has already been registered.`);
    }
    this.providers.push({ name, owner, provider });
    this.plans.clear();
  }

  /** Synchronous while every provider is; from the first provider returning a promise on, a promise. */
  createContext(
    owner: symbol,
    core: RequestHandlerContext['core'],
    request: OsdRequest,
    response: ResponseFactory,
  ): RequestHandlerContext | Promise<RequestHandlerContext> {
    const context: ContextRecord = { core };
    const plan = this.planFor(owner);
    for (let index = 0; index < plan.length; index += 1) {
      const value = this.provide(plan[index], context, request, response);
      if (isPromiseLike(value))
        return this.continueAsync(plan, index, value, context, request, response);
      context[plan[index].name] = value;
    }
    return context;
  }

  private provide(
    step: PlanStep,
    context: ContextRecord,
    request: OsdRequest,
    response: ResponseFactory,
  ): unknown {
    return step.provider(
      step.visibleNames ? pick(context, step.visibleNames) : context,
      request,
      response,
    );
  }

  private async continueAsync(
    plan: PlanStep[],
    index: number,
    pending: PromiseLike<unknown>,
    context: ContextRecord,
    request: OsdRequest,
    response: ResponseFactory,
  ): Promise<RequestHandlerContext> {
    context[plan[index].name] = await pending;
    for (let next = index + 1; next < plan.length; next += 1) {
      context[plan[next].name] = await this.provide(plan[next], context, request, response);
    }
    return context;
  }

  private planFor(owner: symbol): PlanStep[] {
    let plan = this.plans.get(owner);
    if (!plan) {
      const visibleOwners = this.visibleOwners(owner);
      const steps = this.providers.filter((registered) => visibleOwners.has(registered.owner));
      plan = steps.map((step, index) => {
        const providerSees = this.visibleOwners(step.owner);
        const earlier = steps.slice(0, index);
        const seesAll = earlier.every((other) => providerSees.has(other.owner));
        return seesAll
          ? step
          : {
              ...step,
              visibleNames: new Set(
                earlier.filter((other) => providerSees.has(other.owner)).map((other) => other.name),
              ),
            };
      });
      this.plans.set(owner, plan);
    }
    return plan;
  }

  private visibleOwners(owner: symbol): Set<symbol> {
    return new Set([
      CORE_OWNER,
      owner,
      ...(owner === CORE_OWNER ? [] : this.dependenciesOf(owner)),
    ]);
  }
}

function pick(context: ContextRecord, names: ReadonlySet<string>): ContextRecord {
  const partial: ContextRecord = { core: context.core };
  for (const name of names) partial[name] = context[name];
  return partial;
}
