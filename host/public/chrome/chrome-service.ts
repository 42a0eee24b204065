/**
 * `core.chrome`: what the shell draws around the apps (breadcrumbs, document title, controls on the
 * right of the header, the bottom bar, the security warnings, the navigation's state and the
 * recently visited pages), kept as stores the header watches.
 */
import type { Breadcrumb, ChromeStart, MountPoint } from '../types';
import { createStore, type Store } from '../utils/store';
import { browserLocalStorage, readItem, writeItem } from './browser-storage';
import { RecentlyAccessed } from './recently-accessed';

const PRODUCT_TITLE = 'svc';
/** Whether the user keeps the navigation docked, per browser (as OpenSearch Dashboards keeps it). */
const NAV_DOCKED_KEY = 'svc.nav.isDocked';

export interface NavControl {
  mount: MountPoint;
  order?: number;
}

export class ChromeService implements ChromeStart {
  readonly breadcrumbs = createStore<Breadcrumb[]>([]);
  readonly bottomBar = createStore<MountPoint | undefined>(undefined);
  readonly navControlsRight = createStore<NavControl[]>([]);
  readonly securityWarningsVisible = createStore(true);
  /** An image address shown in the header instead of the built-in logo. */
  readonly customLogo = createStore<string | undefined>(undefined);
  readonly recentlyAccessed: RecentlyAccessed;
  /** Docked: the navigation stays beside the page where the window is wide enough. */
  readonly navIsDocked: Store<boolean>;
  /** Open: the navigation shows over the page (narrow windows, or undocked). */
  readonly navIsOpen = createStore(false);
  readonly paletteIsOpen = createStore(false);

  constructor(private readonly storage: Storage | undefined = browserLocalStorage()) {
    this.recentlyAccessed = new RecentlyAccessed(storage);
    // Docked unless the user undocked it: on a wide screen every app stays one click away.
    this.navIsDocked = createStore(readItem(storage, NAV_DOCKED_KEY) !== 'false');
  }

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

  setNavDocked(docked: boolean): void {
    this.navIsDocked.set(docked);
    this.navIsOpen.set(false);
    writeItem(this.storage, NAV_DOCKED_KEY, String(docked));
  }

  setCustomLogo(src: string | undefined): void {
    this.customLogo.set(src);
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
