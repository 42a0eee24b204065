import {
  EuiAvatar,
  EuiButtonEmpty,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHeaderSectionItemButton,
  EuiPopover,
  EuiText,
  EuiTitle,
} from '@elastic/eui';
import { useEffect, useState } from 'react';
import type { CurrentUser, SecurityStart, ToastsApi } from '../types';

/** The signed-in user's name and roles, and the way out. */
export function UserMenu({ security, toasts }: { security: SecurityStart; toasts: ToastsApi }) {
  const [user, setUser] = useState<CurrentUser>();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    security
      .getCurrentUser()
      .then(setUser, (error: Error) =>
        toasts.addError(error, { title: 'Could not read the signed-in user' }),
      );
  }, [security, toasts]);

  const logout = () => {
    security.logout().catch((error: Error) => toasts.addError(error, { title: 'Logout failed' }));
  };

  const button = (
    <EuiHeaderSectionItemButton
      aria-label="User menu"
      data-test-subj="userMenuButton"
      onClick={() => setOpen((isOpen) => !isOpen)}
    >
      <EuiAvatar name={user?.username ?? '?'} size="s" />
    </EuiHeaderSectionItemButton>
  );

  return (
    <EuiPopover
      button={button}
      isOpen={open}
      closePopover={() => setOpen(false)}
      anchorPosition="downRight"
      panelPaddingSize="m"
    >
      <EuiFlexGroup direction="column" gutterSize="s" data-test-subj="userMenu">
        <EuiFlexItem>
          <EuiTitle size="xs">
            <h4 data-test-subj="userMenuUsername">{user?.username ?? ''}</h4>
          </EuiTitle>
          <EuiText size="xs" color="subdued">
            {user ? `Roles: ${user.roles.join(', ') || 'none'}` : ''}
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem>
          <EuiButtonEmpty iconType="logOut" size="s" onClick={logout} data-test-subj="logoutButton">
            Log out
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
    </EuiPopover>
  );
}
