import { Anchor, Paper, SimpleGrid, Stack, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useSession } from "../auth/session.js";
import { PageHeader } from "../components/page-header.js";
import { visibleNavSections } from "../shell/nav-sections.js";
import { usePermissions } from "../auth/use-permissions.js";

/** The landing page after sign-in: who is signed in, and a shortcut to each section. */
export function HomePage() {
  const session = useSession();
  const { can } = usePermissions();
  const name = session.data?.user.name || session.data?.user.email;
  return (
    <>
      <PageHeader
        title="Overview"
        description={name ? `Signed in as ${name} (${session.data?.role ?? "no role"})` : undefined}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {visibleNavSections(can).map((section) => (
          <Paper key={section.label} withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="xs">
              {section.label}
            </Title>
            <Stack gap={4}>
              {section.links.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm">
                  {link.label}
                </Anchor>
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </>
  );
}
