import { Center, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { safeRedirect } from "../auth/safe-redirect.js";
import { SignInForm } from "../auth/sign-in-form.js";

/** `/sign-in?redirect=<path>`: signs in, then goes back to the page that asked (or the overview). */
export function SignInPage({ redirect }: { redirect?: string | undefined }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const onSignedIn = async () => {
    // Whatever was cached belonged to no one (or to the expired session).
    await queryClient.resetQueries();
    router.history.push(safeRedirect(redirect, import.meta.env.BASE_URL));
  };
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400}>
        <Stack gap="lg">
          <div>
            <Title order={1} size="h3">
              Sign in
            </Title>
            <Text c="dimmed" size="sm">
              Unified Commerce admin
            </Text>
          </div>
          <SignInForm onSignedIn={onSignedIn} />
        </Stack>
      </Paper>
    </Center>
  );
}
