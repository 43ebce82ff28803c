import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSignOut } from '../../lib/session.ts';

/** SPEC §2: 'User Profile' goes to /profile; 'Sign Out' signs out and goes to /login. */
export function ProfileMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <MenuTrigger>
      <Button className="button button-secondary">Profile menu for {name}</Button>
      <Popover placement="bottom end" className="popover">
        <Menu
          className="menu"
          onAction={(key) => {
            if (key === 'profile') navigate(paths.profile);
            if (key === 'sign-out') signOut.mutate(undefined, { onSettled: () => navigate(paths.login, { replace: true }) });
          }}
        >
          <MenuItem id="profile" className="menu-item">
            User Profile
          </MenuItem>
          <MenuItem id="sign-out" className="menu-item">
            Sign Out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
