import { Paper, Text } from "@mantine/core";
import { PageHeader } from "./page-header.js";

/** A page not built yet: its title and what it will hold. Replace it when the page is written. */
export function Placeholder({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed">This page is coming soon.</Text>
      </Paper>
    </>
  );
}
