import { Alert, Button, Center, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { isApiError } from "@unified-commerce/client";
import { useApi } from "../api/api-context.js";
import { ErrorAlert } from "../components/error-alert.js";

/**
 * `/accept-invitation?token=…`, the link of an invitation mail. The router sends a signed-out visitor to
 * sign-in first and back here; accepting makes them a member and switches the session to that store.
 */
export function AcceptInvitationPage({ token }: { token: string | undefined }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: async () => {
      const { data } = await api.post("/api/auth/organization/invitations/accept", { body: { token: token ?? "" } });
      await api.post("/api/auth/organization/set-active", { body: { organizationId: data.organizationId } });
      return data;
    },
    onSuccess: () => queryClient.resetQueries(),
  });
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440}>
        <Stack>
          <Title order={1} size="h3">
            Join a store
          </Title>
          {!token ? (
            <Alert color="red">This link has no invitation token. Open the link from the invitation mail again.</Alert>
          ) : accept.isSuccess ? (
            <>
              <Text>
                You are now a member, with the role <b>{accept.data.role}</b>.
              </Text>
              <Button component={Link} to="/">
                Open the admin
              </Button>
            </>
          ) : (
            <>
              <Text size="sm">You were invited to become a member of a store. Accept to join it.</Text>
              {accept.error ? (
                <ErrorAlert
                  title="The invitation could not be accepted"
                  error={
                    isApiError(accept.error) && accept.error.status === 422
                      ? new Error("This invitation is unknown, used, revoked, expired or for another e-mail address.")
                      : accept.error
                  }
                />
              ) : null}
              <Button onClick={() => accept.mutate()} loading={accept.isPending}>
                Accept the invitation
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
