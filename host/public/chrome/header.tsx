import {
  EuiFlexGroup,
  EuiHeader,
  EuiHeaderBreadcrumbs,
  EuiHeaderLink,
  EuiHeaderLinks,
  EuiHeaderSection,
  EuiHeaderSectionItem,
  EuiIcon,
  EuiLink,
  EuiProgress,
  type EuiBreadcrumb,
} from '@elastic/eui';
import type { MouseEvent } from 'react';
import type { ApplicationRegistry } from '../application/application-registry';
import type { AppRouter } from '../application/app-router';
import { MountPointPortal } from '../rendering/mount-point';
import type { Breadcrumb, SecurityStart, ToastsApi } from '../types';
import { useStore, type Store } from '../utils/store';
import type { ChromeService } from './chrome-service';
import { UserMenu } from './user-menu';

export interface HeaderProps {
  registry: ApplicationRegistry;
  router: AppRouter;
  chrome: ChromeService;
  security: SecurityStart;
  toasts: ToastsApi;
  loadingCount: Store<number>;
}

/** Plain left clicks stay in the page; others (new tab, new window) follow the link's href. */
function inPageClick(event: MouseEvent, navigate: () => void): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  navigate();
}

export function Header({ registry, router, chrome, security, toasts, loadingCount }: HeaderProps) {
  const view = useStore(router.view);
  const navControls = useStore(chrome.navControlsRight);
  const loading = useStore(loadingCount) > 0;
  const activeAppId = 'app' in view ? view.app.id : undefined;
  const links = registry.navLinks();

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
            <EuiLink
              href={links[0] ? router.getUrlForApp(links[0].id) : undefined}
              color="ghost"
              data-test-subj="headerLogo"
              style={{ padding: '0 12px' }}
            >
              <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
                <EuiIcon type="logoSecurity" size="l" aria-hidden />
                <strong>svc</strong>
              </EuiFlexGroup>
            </EuiLink>
          </EuiHeaderSectionItem>
        </EuiHeaderSection>
        {/* More apps than the width holds scroll sideways; the user menu stays in view. */}
        <EuiHeaderSection grow style={{ minWidth: 0, flexShrink: 1, overflowX: 'auto' }}>
          <EuiHeaderLinks aria-label="Applications" data-test-subj="headerNavLinks">
            {links.map((app) => (
              <EuiHeaderLink
                key={app.id}
                href={router.getUrlForApp(app.id)}
                isActive={app.id === activeAppId}
                iconType={app.euiIconType}
                onClick={(event: MouseEvent) =>
                  inPageClick(event, () => void router.navigateToApp(app.id))
                }
                data-test-subj={`navLink-${app.id}`}
              >
                {app.title}
              </EuiHeaderLink>
            ))}
          </EuiHeaderLinks>
        </EuiHeaderSection>
        <EuiHeaderSection side="right">
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
