import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** Props of {@link PageHeader}. */
export interface PageHeaderProps {
  title: string;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons on the right (they wrap under the title on a phone). */
  actions?: ReactNode;
}

/** The top of every page: its title (the page's only h1), a description and the page's main actions. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}
