import { Avatar, Menu, UnstyledButton } from "@mantine/core";
import { useSession } from "../auth/session.js";
import { useSignOut } from "../auth/sign-out.js";

/** The signed-in member's initial; the menu says who it is and signs out. */
export function UserMenu() {
  const session = useSession();
  const signOut = useSignOut();
  const user = session.data?.user;
  if (!user) return null;
  const initial = (user.name || user.email).charAt(0).toUpperCase();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu of ${user.email}`}>
          <Avatar radius="xl" size="sm" color="blue">
            {initial}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        {session.data?.role ? <Menu.Label>Role: {session.data.role}</Menu.Label> : null}
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut()}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
