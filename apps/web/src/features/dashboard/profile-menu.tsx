import { Trans } from '@lingui/react/macro';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSignOutAndLeave } from '../../lib/session.ts';

/** product §2: 'User Profile' goes to /profile; 'Sign Out' signs out and goes to /login. */
export function ProfileMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const { signOut } = useSignOutAndLeave();
  return (
    <MenuTrigger>
      <Button className="button button-secondary">
        <Trans>Profile menu for {name}</Trans>
      </Button>
      <Popover placement="bottom end" className="popover">
        <Menu
          className="menu"
          onAction={(key) => {
            if (key === 'profile') navigate(paths.profile);
            if (key === 'sign-out') signOut();
          }}
        >
          <MenuItem id="profile" className="menu-item">
            <Trans>User Profile</Trans>
          </MenuItem>
          <MenuItem id="sign-out" className="menu-item">
            <Trans>Sign Out</Trans>
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
