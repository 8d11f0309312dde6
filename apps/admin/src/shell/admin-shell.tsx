import { AppShell, Burger, Group, NavLink, ScrollArea, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link, Outlet, useRouterState } from "@tanstack/react-router";
import { OrganizationSwitcher } from "../auth/organization-switcher.js";
import { usePermissions } from "../auth/use-permissions.js";
import { visibleNavSections } from "./nav-sections.js";
import { UserMenu } from "./user-menu.js";

/** The frame of every signed-in page: header, navbar (a drawer behind the burger on a phone), the page. */
export function AdminShell() {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  const { can } = usePermissions();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: "sm", collapsed: { mobile: !isNavOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={isNavOpen} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text component={Link} to="/" fw={700} size="md" c="inherit" td="none" style={{ whiteSpace: "nowrap" }}>
              Unified Commerce
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <OrganizationSwitcher />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation">
        <ScrollArea>
          {visibleNavSections(can).map((section) => (
            <div key={section.label} style={{ marginBottom: 12 }}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
                {section.label}
              </Text>
              {section.links.map((link) => (
                <NavLink
                  key={link.to}
                  component={Link}
                  to={link.to}
                  label={link.label}
                  active={pathname === link.to || pathname.startsWith(`${link.to}/`)}
                  onClick={close}
                />
              ))}
            </div>
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
