/**
 * The browser-side contract plugins are written against (OpenSearch Dashboards shapes).
 * A plugin's `public/index.ts` exports `plugin(initializerContext)`; its bundle registers itself as
 * `window.__osdBundles__['plugin/<id>/public']`. Plugins import only this file from the host.
 */
import type { History } from 'history';
import type { ReactNode } from 'react';

/** Concurrent callers for one key share one run (see host/common/single-flight). */
export { singleFlight } from '../common/single-flight';

/** Renders into `element` and returns the function that unmounts it. */
export type MountPoint = (element: HTMLElement) => () => void;
export type UnmountCallback = () => void;

// ---------------------------------------------------------------- http

export interface HttpFetchQuery {
  [key: string]: string | number | boolean | undefined | null | Array<string | number | boolean>;
}

export interface HttpFetchOptions extends Omit<RequestInit, 'body' | 'headers'> {
  query?: HttpFetchQuery;
  /** Sent as is: plugins `JSON.stringify` themselves. */
  body?: BodyInit | null;
  headers?: Record<string, string | undefined>;
  prependBasePath?: boolean;
  asSystemRequest?: boolean;
  /** Resolve `{ response, body }` instead of the body alone. */
  asResponse?: boolean;
}

export interface HttpResponse<T = unknown> {
  request: Request;
  response?: Response;
  body?: T;
}

/** Rejection of every non-2xx answer and of network failures. */
export interface HttpFetchError extends Error {
  request: Request;
  response?: Response;
  /** The server's error body: `{ statusCode, error, message, attributes? }`, or the managed API's envelope. */
  body?: {
    statusCode?: number;
    error?: string | number;
    message?: string;
    attributes?: Record<string, unknown>;
    [key: string]: unknown;
  };
}

/** The single-argument form of a call: `http.fetch({ path, method, ... })`. */
/**
 * Whether `error` is what a failed `core.http` call rejects with. Judged by shape: each plugin's
 * browser bundle is built apart from the host's, so `instanceof` cannot see the host's class (and
 * the guard stays here, beside the contract, so the login page's bundle does not grow by a chunk).
 */
export function isHttpFetchError(error: unknown): error is HttpFetchError {
  return error instanceof Error && 'request' in error;
}

export interface HttpFetchOptionsWithPath extends HttpFetchOptions {
  path: string;
}

export interface HttpHandler {
  <T = unknown>(
    path: string,
    options: HttpFetchOptions & { asResponse: true },
  ): Promise<HttpResponse<T>>;
  <T = unknown>(options: HttpFetchOptionsWithPath & { asResponse: true }): Promise<HttpResponse<T>>;
  <T = unknown>(path: string, options?: HttpFetchOptions): Promise<T>;
  <T = unknown>(options: HttpFetchOptionsWithPath): Promise<T>;
}

export interface IBasePath {
  get(): string;
  prepend(path: string): string;
  remove(path: string): string;
  readonly serverBasePath: string;
}

export interface HttpSetup {
  basePath: IBasePath;
  fetch: HttpHandler;
  get: HttpHandler;
  post: HttpHandler;
  put: HttpHandler;
  patch: HttpHandler;
  delete: HttpHandler;
  head: HttpHandler;
  /** Paths (without base path) that do not need a login, such as the login page. */
  anonymousPaths: { register(path: string): void; isAnonymous(path: string): boolean };
}
export type HttpStart = HttpSetup;

// ---------------------------------------------------------------- notifications and overlays

export interface ToastInput {
  title?: string | MountPoint;
  text?: string | MountPoint;
  color?: 'primary' | 'success' | 'warning' | 'danger';
  iconType?: string;
  toastLifeTimeMs?: number;
  id?: string;
  'data-test-subj'?: string;
}
export interface Toast extends ToastInput {
  id: string;
}

export interface ToastsApi {
  add(toastOrTitle: ToastInput | string): Toast;
  addSuccess(toastOrTitle: ToastInput | string, options?: { toastLifeTimeMs?: number }): Toast;
  addWarning(toastOrTitle: ToastInput | string, options?: { toastLifeTimeMs?: number }): Toast;
  addDanger(toastOrTitle: ToastInput | string, options?: { toastLifeTimeMs?: number }): Toast;
  addInfo(toastOrTitle: ToastInput | string, options?: { toastLifeTimeMs?: number }): Toast;
  addError(
    error: Error,
    options: { title: string; toastMessage?: string; toastLifeTimeMs?: number },
  ): Toast;
  remove(toastOrId: Toast | string): void;
}

export interface NotificationsSetup {
  toasts: ToastsApi;
}
export type NotificationsStart = NotificationsSetup;

export interface OverlayRef {
  close(): Promise<void>;
  onClose: Promise<void>;
}

export interface OverlayStart {
  openModal(
    mount: MountPoint,
    options?: { 'data-test-subj'?: string; maxWidth?: number | string },
  ): OverlayRef;
  openFlyout(
    mount: MountPoint,
    options?: { 'data-test-subj'?: string; size?: 's' | 'm' | 'l' },
  ): OverlayRef;
  openConfirm(
    message: string | MountPoint,
    options?: {
      title?: string;
      confirmButtonText?: string;
      cancelButtonText?: string;
      buttonColor?: 'primary' | 'danger';
    },
  ): Promise<boolean>;
}

// ---------------------------------------------------------------- application

export interface AppCategory {
  id: string;
  label: string;
  /** Said by screen readers instead of `label` when set. */
  ariaLabel?: string;
  order?: number;
  euiIconType?: string;
}

export enum AppNavLinkStatus {
  default = 0,
  visible = 1,
  disabled = 2,
  hidden = 3,
}

/** A history rooted at the app's URL (`/app/<id>`): `push('/agents')` goes to `/app/<id>/agents`. */
export type ScopedHistory = History;

export interface AppMountParameters {
  element: HTMLElement;
  history: ScopedHistory;
  /** `/app/<id>` with the base path prepended. */
  appBasePath: string;
  /** Lets the app ask for confirmation before the user leaves it. */
  onAppLeave(
    handler: (actions: {
      default(): AppLeaveAction;
      confirm(text: string, title?: string): AppLeaveAction;
    }) => AppLeaveAction,
  ): void;
  setHeaderActionMenu(menuMount: MountPoint | undefined): void;
}
export type AppLeaveAction =
  { type: 'default' } | { type: 'confirm'; text: string; title?: string };

/**
 * A page inside an app that the navigation and the command palette list on its own (the
 * `deepLinks` of OpenSearch Dashboards apps). Its URL is the app's URL joined with `path`.
 */
export interface AppDeepLink {
  id: string;
  title: string;
  /** App-relative: `/file-integrity-monitoring`, `?tab=logs`. */
  path: string;
  /** Where the navigation lists it when not under its app (host extension); default the app's. */
  category?: AppCategory;
  order?: number;
  euiIconType?: string;
  /** More words the command palette matches. */
  keywords?: string[];
}

export interface App {
  id: string;
  title: string;
  order?: number;
  euiIconType?: string;
  category?: AppCategory;
  description?: string;
  /** Default `/app/<id>`; never includes the base path. */
  appRoute?: string;
  defaultPath?: string;
  navLinkStatus?: AppNavLinkStatus;
  deepLinks?: AppDeepLink[];
  mount(params: AppMountParameters): UnmountCallback | Promise<UnmountCallback>;
}

export interface ApplicationSetup {
  register(app: App): void;
}

export interface ApplicationStart {
  navigateToApp(
    appId: string,
    options?: { path?: string; replace?: boolean; state?: unknown },
  ): Promise<void>;
  navigateToUrl(url: string): Promise<void>;
  getUrlForApp(appId: string, options?: { path?: string; absolute?: boolean }): string;
  /** Id of the mounted app, or undefined on pages that are not apps (login). */
  currentAppId(): string | undefined;
}

// ---------------------------------------------------------------- chrome

export interface Breadcrumb {
  text: string;
  href?: string;
  onClick?: () => void;
}

/** One entry of the recently visited list; `link` is a dashboard path without the base path. */
export interface ChromeRecentlyAccessedHistoryItem {
  link: string;
  label: string;
  id: string;
}

export interface ChromeRecentlyAccessed {
  /** Puts the entry first (an entry with the same id moves); the list is bounded. */
  add(link: string, label: string, id: string): void;
  get(): ChromeRecentlyAccessedHistoryItem[];
}

export interface ChromeStart {
  setBreadcrumbs(breadcrumbs: Breadcrumb[]): void;
  docTitle: { change(title: string | string[]): void; reset(): void };
  /**
   * Bottom-bar slot under the app area (host extension), used for update notices.
   * Returns a function that removes what it mounted.
   */
  setBottomBar(mount: MountPoint | undefined): () => void;
  navControls: { registerRight(control: { mount: MountPoint; order?: number }): void };
  /** Kept in the browser per dashboard user; the navigation shows it as "Recently visited". */
  recentlyAccessed: ChromeRecentlyAccessed;
  /** Hidden on the login page; plugins may hide the host's own warnings banner. */
  setSecurityWarningsVisible(visible: boolean): void;
  /** Host extension: an image shown in the header instead of the built-in logo (undefined: back to it). */
  setCustomLogo(src: string | undefined): void;
}

// ---------------------------------------------------------------- uiSettings

export interface IUiSettingsClient {
  get<T = unknown>(key: string, defaultOverride?: T): T;
  set(key: string, value: unknown): Promise<boolean>;
  remove(key: string): Promise<boolean>;
  getAll(): Record<string, { value?: unknown; userValue?: unknown }>;
  isDeclared(key: string): boolean;
}

// ---------------------------------------------------------------- security

export interface CurrentUser {
  username: string;
  roles: string[];
}

export interface SecurityStart {
  getCurrentUser(): Promise<CurrentUser>;
  logout(): Promise<void>;
}

// ---------------------------------------------------------------- core

export interface PluginInitializerContext<ConfigType = Record<string, unknown>> {
  opaqueId: symbol;
  env: {
    mode: { name: 'development' | 'production'; dev: boolean; prod: boolean };
    packageInfo: { version: string };
  };
  config: { get(): ConfigType };
}

export interface CoreSetup<TPluginsStart = object, TStart = unknown> {
  application: ApplicationSetup;
  http: HttpSetup;
  notifications: NotificationsSetup;
  uiSettings: IUiSettingsClient;
  getStartServices(): Promise<[CoreStart, TPluginsStart, TStart]>;
}

export interface RenderingStart {
  /**
   * Renders a React node into an element (an app's `mount` element, a mount point's element) inside
   * the shell's EUI theme, so apps do not set up EUI themselves (host extension). Returns the unmount.
   */
  render: RenderNode;
}

export interface CoreStart {
  application: ApplicationStart;
  chrome: ChromeStart;
  http: HttpStart;
  notifications: NotificationsStart;
  overlays: OverlayStart;
  uiSettings: IUiSettingsClient;
  security: SecurityStart;
  rendering: RenderingStart;
  /** Version of the running dashboard. */
  version: string;
}

export interface Plugin<
  TSetup = object,
  TStart = object,
  TPluginsSetup = object,
  TPluginsStart = object,
> {
  setup(core: CoreSetup<TPluginsStart, TStart>, plugins: TPluginsSetup): TSetup;
  start(core: CoreStart, plugins: TPluginsStart): TStart;
  stop?(): void;
}

export type PluginInitializer<
  TSetup = object,
  TStart = object,
  TPluginsSetup = object,
  TPluginsStart = object,
> = (context: PluginInitializerContext) => Plugin<TSetup, TStart, TPluginsSetup, TPluginsStart>;

/** Convenience for React apps: a node rendered into a mount point's element. */
export type RenderNode = (node: ReactNode, element: HTMLElement) => UnmountCallback;
