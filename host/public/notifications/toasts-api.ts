/**
 * `core.notifications.toasts`: the list of toasts the shell shows, with OpenSearch Dashboards
 * semantics (auto ids from a counter, re-adding an id returns the toast already shown, colours and
 * icons per kind, lifetimes from the `notifications:lifetime:*` settings).
 */
import type {
  IUiSettingsClient,
  Toast,
  ToastInput,
  ToastsApi as ToastsApiContract,
} from '../types';
import { createStore } from '../utils/store';

/** A toast as the shell keeps it: `addError` keeps the error for its "See the full error" button. */
export interface ShownToast extends Toast {
  error?: Error;
  errorTitle?: string;
}

type LifetimeKind = 'info' | 'warning' | 'error';
const DEFAULT_LIFETIME_MS: Record<LifetimeKind, number> = {
  info: 5000,
  warning: 10000,
  error: 300000,
};

export class ToastsApi implements ToastsApiContract {
  readonly toasts = createStore<ShownToast[]>([]);
  private counter = 0;

  constructor(private readonly uiSettings?: Pick<IUiSettingsClient, 'get'>) {}

  /** Lifetime for a kind of toast, from the settings when they declare it. */
  lifetime(kind: LifetimeKind): number {
    return (
      this.uiSettings?.get<number>(`notifications:lifetime:${kind}`, DEFAULT_LIFETIME_MS[kind]) ??
      DEFAULT_LIFETIME_MS[kind]
    );
  }

  add(toastOrTitle: ToastInput | string): Toast {
    return this.show(normalize(toastOrTitle));
  }

  private show(input: Omit<ShownToast, 'id'> & { id?: string }): ShownToast {
    const existing =
      input.id === undefined ? undefined : this.toasts.get().find((toast) => toast.id === input.id);
    if (existing) return existing;
    const toast: ShownToast = { ...input, id: input.id ?? String(this.counter++) };
    this.toasts.update((list) => [...list, toast]);
    return toast;
  }

  addSuccess(toastOrTitle: ToastInput | string, options?: { toastLifeTimeMs?: number }): Toast {
    return this.add({
      color: 'success',
      iconType: 'check',
      ...normalize(toastOrTitle),
      ...options,
    });
  }

  addWarning(toastOrTitle: ToastInput | string, options?: { toastLifeTimeMs?: number }): Toast {
    return this.add({
      color: 'warning',
      iconType: 'help',
      toastLifeTimeMs: this.lifetime('warning'),
      ...normalize(toastOrTitle),
      ...options,
    });
  }

  addDanger(toastOrTitle: ToastInput | string, options?: { toastLifeTimeMs?: number }): Toast {
    return this.add({
      color: 'danger',
      iconType: 'alert',
      toastLifeTimeMs: this.lifetime('warning'),
      ...normalize(toastOrTitle),
      ...options,
    });
  }

  addInfo(toastOrTitle: ToastInput | string, options?: { toastLifeTimeMs?: number }): Toast {
    return this.add({
      color: 'primary',
      iconType: 'info',
      ...normalize(toastOrTitle),
      ...options,
    });
  }

  addError(
    error: Error,
    {
      title,
      toastMessage,
      toastLifeTimeMs,
    }: { title: string; toastMessage?: string; toastLifeTimeMs?: number },
  ): Toast {
    return this.show({
      color: 'danger',
      iconType: 'alert',
      title,
      text: toastMessage ?? error.message,
      toastLifeTimeMs: toastLifeTimeMs ?? this.lifetime('error'),
      error,
      errorTitle: title,
    });
  }

  remove(toastOrId: Toast | string): void {
    const id = typeof toastOrId === 'string' ? toastOrId : toastOrId.id;
    this.toasts.update((list) => list.filter((toast) => toast.id !== id));
  }
}

function normalize(toastOrTitle: ToastInput | string): ToastInput {
  return typeof toastOrTitle === 'string' ? { title: toastOrTitle } : toastOrTitle;
}
