/**
 * The left navigation, shaped like OpenSearch Dashboards' collapsible nav: "Recently visited", then
 * one collapsible group per app category with the apps and their deep links, and a button that
 * docks or undocks it. Docked, it stays beside the page on windows at least EUI's `xl` wide;
 * otherwise (1024 px included) it opens over the page from the header's menu button.
 */
import {
  EuiCollapsibleNav,
  EuiCollapsibleNavGroup,
  EuiFlyoutBody,
  EuiFlyoutFooter,
  EuiHeaderSectionItemButton,
  EuiIcon,
  EuiListGroup,
  EuiListGroupItem,
  useIsWithinMinBreakpoint,
} from '@elastic/eui';
import type { MouseEvent } from 'react';
import type { ChromeRecentlyAccessedHistoryItem } from '../types';
import { inPageClick } from './in-page-click';
import type { NavEntry, NavGroup } from './nav-entries';

/** How many recently visited pages the navigation lists (the chrome keeps more). */
const RECENTLY_VISITED_SHOWN = 5;
const DOCKED_BREAKPOINT = 'xl';

export interface NavigationProps {
  groups: NavGroup[];
  activeEntryId?: string;
  recent: ChromeRecentlyAccessedHistoryItem[];
  /** The user's choice; the window decides whether docking applies. */
  isDocked: boolean;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  onDockedChange(docked: boolean): void;
  /** The href of a dashboard path (base path prepended). */
  hrefOf(link: string): string;
  /** In-page navigation to an href this component produced. */
  navigate(href: string): void;
}

export function Navigation(props: NavigationProps) {
  const { groups, activeEntryId, recent, isDocked, isOpen, onOpenChange, onDockedChange } = props;
  const canDock = useIsWithinMinBreakpoint(DOCKED_BREAKPOINT);
  const docked = isDocked && canDock;
  const follow = (event: MouseEvent, href: string) =>
    inPageClick(event, () => {
      if (!docked) onOpenChange(false);
      props.navigate(href);
    });
  const link = (entry: NavEntry, testSubj: string) => {
    const href = props.hrefOf(entry.link);
    const isActive = entry.id === activeEntryId;
    return (
      <EuiListGroupItem
        key={entry.id}
        label={entry.title}
        href={href}
        isActive={isActive}
        aria-current={isActive ? 'page' : undefined}
        wrapText
        onClick={(event: MouseEvent) => follow(event, href)}
        data-test-subj={testSubj}
        style={entry.parentTitle ? { paddingLeft: 16 } : undefined}
      />
    );
  };

  return (
    <EuiCollapsibleNav
      id="shellNavigation"
      aria-label="Main navigation"
      isOpen={isOpen}
      isDocked={isDocked}
      dockedBreakpoint={DOCKED_BREAKPOINT}
      ownFocus={!docked}
      size={260}
      onClose={() => onOpenChange(false)}
      button={
        <EuiHeaderSectionItemButton
          aria-label={isOpen ? 'Close the navigation' : 'Open the navigation'}
          onClick={() => onOpenChange(!isOpen)}
          data-test-subj="toggleNavButton"
        >
          <EuiIcon type="menu" size="m" aria-hidden />
        </EuiHeaderSectionItemButton>
      }
      data-test-subj="collapsibleNav"
    >
      <EuiFlyoutBody>
        {recent.length > 0 && (
          <EuiCollapsibleNavGroup
            title="Recently visited"
            titleElement="h2"
            iconType="clock"
            isCollapsible
            initialIsOpen
            data-test-subj="navRecentlyVisited"
          >
            <EuiListGroup aria-label="Recently visited">
              {recent.slice(0, RECENTLY_VISITED_SHOWN).map((item) => {
                const href = props.hrefOf(item.link);
                return (
                  <EuiListGroupItem
                    key={item.id}
                    label={item.label}
                    href={href}
                    wrapText
                    onClick={(event: MouseEvent) => follow(event, href)}
                    data-test-subj="navRecentLink"
                  />
                );
              })}
            </EuiListGroup>
          </EuiCollapsibleNavGroup>
        )}
        {groups.map((group) => (
          <EuiCollapsibleNavGroup
            key={group.category?.id ?? 'other'}
            title={group.category?.label ?? 'Other'}
            titleElement="h2"
            iconType={group.category?.euiIconType}
            isCollapsible
            initialIsOpen
            data-test-subj={`navGroup-${group.category?.id ?? 'other'}`}
          >
            <EuiListGroup
              aria-label={group.category?.ariaLabel ?? group.category?.label ?? 'Other'}
            >
              {group.entries.map((entry) =>
                link(
                  entry,
                  entry.id === entry.appId
                    ? `navLink-${entry.appId}`
                    : `navDeepLink-${entry.id.replace(':', '-')}`,
                ),
              )}
            </EuiListGroup>
          </EuiCollapsibleNavGroup>
        ))}
      </EuiFlyoutBody>
      {canDock && (
        <EuiFlyoutFooter style={{ padding: 0 }}>
          <EuiListGroup>
            <EuiListGroupItem
              label={isDocked ? 'Undock navigation' : 'Dock navigation'}
              iconType={isDocked ? 'lock' : 'lockOpen'}

              onClick={() => onDockedChange(!isDocked)}
              data-test-subj="navDockButton"
            />
          </EuiListGroup>
        </EuiFlyoutFooter>
      )}
    </EuiCollapsibleNav>
  );
}
