import {
  EuiFlexGroup,
  EuiHeader,
  EuiHeaderBreadcrumbs,
  EuiHeaderSection,
  EuiHeaderSectionItem,
  EuiHeaderSectionItemButton,
  EuiIcon,
  EuiLink,
  EuiProgress,
  EuiToolTip,
  type EuiBreadcrumb,
} from '@elastic/eui';
import { useCallback, useEffect, useMemo, type MouseEvent } from 'react';
import type { ApplicationRegistry } from '../application/application-registry';
import type { AppRouter } from '../application/app-router';
import { MountPointPortal } from '../rendering/mount-point';
import type { Breadcrumb, SecurityStart, ToastsApi } from '../types';
import { useStore, type Store } from '../utils/store';
import type { ChromeService } from './chrome-service';
import { CommandPalette, usePaletteShortcut } from './command-palette';
import { inPageClick } from './in-page-click';
import { entryLabel, entryOfLocation, navGroups, type NavEntry } from './nav-entries';
import { Navigation } from './navigation';
import { UserMenu } from './user-menu';

export interface HeaderProps {
  registry: ApplicationRegistry;
  router: AppRouter;
  chrome: ChromeService;
  security: SecurityStart;
  toasts: ToastsApi;
  loadingCount: Store<number>;
}

/** Shows Cmd on a Mac and Ctrl elsewhere in the palette button's hint. */
const SHORTCUT = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘K' : 'Ctrl+K';

export function Header({ registry, router, chrome, security, toasts, loadingCount }: HeaderProps) {
  const navControls = useStore(chrome.navControlsRight);
  const loading = useStore(loadingCount) > 0;
  const location = useStore(router.location);
  const recent = useStore(chrome.recentlyAccessed.items);
  const isDocked = useStore(chrome.navIsDocked);
  const navIsOpen = useStore(chrome.navIsOpen);
  const paletteIsOpen = useStore(chrome.paletteIsOpen);
  const customLogo = useStore(chrome.customLogo);
  const groups = useMemo(() => navGroups(registry.navLinks()), [registry]);
  const entries = useMemo(() => groups.flatMap((group) => group.entries), [groups]);
  const activeEntry = entryOfLocation(entries, location);
  /** Where the logo leads: the app `/app` opens (the first by order). */
  const homeApp = registry.navLinks()[0];

  useEffect(() => {
    let current = true;
    security.getCurrentUser().then(
      ({ username }) => current && chrome.recentlyAccessed.useStorageOf(username),
      // Without the user the list stays in this page's memory; the session check reports the rest.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [security, chrome]);

  useEffect(() => {
    if (activeEntry)
      chrome.recentlyAccessed.add(activeEntry.link, entryLabel(activeEntry), activeEntry.id);
  }, [activeEntry, chrome]);

  const openPalette = useCallback(() => chrome.paletteIsOpen.set(true), [chrome]);
  usePaletteShortcut(openPalette);
  const goTo = (entry: NavEntry) => {
    chrome.paletteIsOpen.set(false);
    void router.navigateToUrl(router.hrefOf(entry.link));
  };

  return (
    <>
      {loading && (
        <EuiProgress
          size="xs"
          color="accent"
          position="fixed"
          data-test-subj="globalLoadingIndicator"
        />
      )}
      <EuiHeader position="fixed" theme="dark" data-test-subj="headerGlobalNav">
        <EuiHeaderSection grow={false}>
          <EuiHeaderSectionItem>
            <Navigation
              groups={groups}
              activeEntryId={activeEntry?.id}
              recent={recent}
              isDocked={isDocked}
              isOpen={navIsOpen}
              onOpenChange={(open) => chrome.navIsOpen.set(open)}
              onDockedChange={(docked) => chrome.setNavDocked(docked)}
              hrefOf={(link) => router.hrefOf(link)}
              navigate={(href) => void router.navigateToUrl(href)}
            />
          </EuiHeaderSectionItem>
          <EuiHeaderSectionItem>
            <EuiLink
              href={homeApp ? router.getUrlForApp(homeApp.id) : undefined}
              onClick={(event: MouseEvent) =>
                homeApp && inPageClick(event, () => void router.navigateToApp(homeApp.id))
              }
              color="ghost"
              data-test-subj="headerLogo"
              style={{ padding: '0 12px' }}
            >
              <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
                {customLogo ? (
                  <img
                    src={customLogo}
                    alt=""
                    style={{ maxHeight: 24, maxWidth: 120 }}
                    data-test-subj="headerCustomLogo"
                  />
                ) : (
                  <EuiIcon type="logoSecurity" size="l" aria-hidden />
                )}
                <strong>svc</strong>
              </EuiFlexGroup>
            </EuiLink>
          </EuiHeaderSectionItem>
        </EuiHeaderSection>
        <EuiHeaderSection side="right">
          <EuiHeaderSectionItem>
            <EuiToolTip content={`Go to an app or page (${SHORTCUT})`} position="bottom">
              <EuiHeaderSectionItemButton
                aria-label="Go to an app or page"
                aria-keyshortcuts="Control+K Meta+K"
                onClick={openPalette}
                data-test-subj="commandPaletteButton"
              >
                <EuiIcon type="search" size="m" aria-hidden />
              </EuiHeaderSectionItemButton>
            </EuiToolTip>
          </EuiHeaderSectionItem>
          {navControls.map((control, index) => (
            <EuiHeaderSectionItem key={index}>
              <MountPointPortal mount={control.mount} />
            </EuiHeaderSectionItem>
          ))}
          <EuiHeaderSectionItem>
            <UserMenu security={security} toasts={toasts} />
          </EuiHeaderSectionItem>
        </EuiHeaderSection>
      </EuiHeader>
      <BreadcrumbsBar chrome={chrome} router={router} />
      {paletteIsOpen && (
        <CommandPalette
          entries={entries}
          onClose={() => chrome.paletteIsOpen.set(false)}
          onSelect={goTo}
        />
      )}
    </>
  );
}

function BreadcrumbsBar({ chrome, router }: { chrome: ChromeService; router: AppRouter }) {
  const breadcrumbs = useStore(chrome.breadcrumbs);
  const actionMenu = useStore(router.headerActionMenu);
  return (
    <EuiHeader position="fixed" data-test-subj="headerBreadcrumbsBar">
      <EuiHeaderSection grow>
        <EuiHeaderBreadcrumbs
          breadcrumbs={breadcrumbs.map((breadcrumb) => toEuiBreadcrumb(breadcrumb, router))}
          data-test-subj="breadcrumbs"
        />
      </EuiHeaderSection>
      {actionMenu && (
        <EuiHeaderSection side="right">
          <EuiHeaderSectionItem>
            <MountPointPortal mount={actionMenu} data-test-subj="headerAppActionMenu" />
          </EuiHeaderSectionItem>
        </EuiHeaderSection>
      )}
    </EuiHeader>
  );
}

/** A breadcrumb's link stays in the page: its own click handler, else the router. */
function toEuiBreadcrumb({ text, href, onClick }: Breadcrumb, router: AppRouter): EuiBreadcrumb {
  const navigate = onClick ?? (href ? () => void router.navigateToUrl(href) : undefined);
  return {
    text,
    href,
    onClick: navigate ? (event: MouseEvent) => inPageClick(event, navigate) : undefined,
  };
}
