/**
 * `core.chrome`: what the shell draws around the apps (breadcrumbs, document title, controls on the
 * right of the header, the bottom bar, the security warnings), kept as stores the header watches.
 */
import type { Breadcrumb, ChromeStart, MountPoint } from '../types';
import { createStore } from '../utils/store';

const PRODUCT_TITLE = 'svc';

export interface NavControl {
  mount: MountPoint;
  order?: number;
}

export class ChromeService implements ChromeStart {
  readonly breadcrumbs = createStore<Breadcrumb[]>([]);
  readonly bottomBar = createStore<MountPoint | undefined>(undefined);
  readonly navControlsRight = createStore<NavControl[]>([]);
  readonly securityWarningsVisible = createStore(true);

  readonly docTitle = {
    change: (title: string | string[]) => {
      document.title = [...(Array.isArray(title) ? title : [title]), PRODUCT_TITLE].join(' - ');
    },
    reset: () => {
      document.title = PRODUCT_TITLE;
    },
  };

  readonly navControls = {
    registerRight: (control: NavControl) => {
      this.navControlsRight.update((controls) =>
        [...controls, control].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
      );
    },
  };

  setBreadcrumbs(breadcrumbs: Breadcrumb[]): void {
    this.breadcrumbs.set(breadcrumbs);
  }

  setBottomBar(mount: MountPoint | undefined): () => void {
    this.bottomBar.set(mount);
    return () => {
      if (this.bottomBar.get() === mount) this.bottomBar.set(undefined);
    };
  }

  setSecurityWarningsVisible(visible: boolean): void {
    this.securityWarningsVisible.set(visible);
  }

  /** A newly mounted app starts with its own title and breadcrumb until it sets others. */
  resetForApp(appTitle: string): void {
    this.breadcrumbs.set([{ text: appTitle }]);
    this.docTitle.change(appTitle);
  }
}
