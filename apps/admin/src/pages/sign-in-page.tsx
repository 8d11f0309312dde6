import { Center, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { safeRedirect } from "../auth/safe-redirect.js";
import { SESSION_QUERY_KEY, useSession } from "../auth/session.js";
import { SignInForm } from "../auth/sign-in-form.js";

/** `/sign-in?redirect=<path>`: signs in, then goes back to the page that asked (or the overview). */
export function SignInPage({ redirect }: { redirect?: string | undefined }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const session = useSession();
  const isSignedIn = Boolean(session.data);
  // Signed in (just now, or already: an old bookmark, the back button): on to the page that asked, and the
  // sign-in page leaves the history.
  useEffect(() => {
    if (isSignedIn) router.history.replace(safeRedirect(redirect, import.meta.env.BASE_URL));
  }, [isSignedIn, redirect, router]);
  const onSignedIn = async () => {
    // Whatever was cached belonged to no one (or to the expired session); the session's refetch moves on.
    await queryClient.resetQueries();
    if (!queryClient.getQueryData(SESSION_QUERY_KEY))
      throw new Error(
        "Signed in, but the browser did not keep the session cookie: is this origin among the API's trusted origins?",
      );
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
