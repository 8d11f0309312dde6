import { Button, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";

export function NotFoundPage() {
  return (
    <Stack align="center" py="xl">
      <Title order={1} size="h2">
        Page not found
      </Title>
      <Text c="dimmed">There is no page at this address.</Text>
      <Button component={Link} to="/" variant="light">
        Back to the overview
      </Button>
    </Stack>
  );
}
