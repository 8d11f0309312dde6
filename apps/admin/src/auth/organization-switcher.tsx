import { NativeSelect } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "../api/api-context.js";

/**
 * Switches the organization the session acts on. Everything cached belonged to the old one, so every
 * query is refetched. Hidden for members of a single organization.
 */
export function OrganizationSwitcher() {
  const api = useApi();
  const queryClient = useQueryClient();
  const memberships = useQuery({
    queryKey: ["auth", "organizations"],
    queryFn: async () => (await api.get("/api/auth/organizations")).data,
  });
  const switchTo = useMutation({
    mutationFn: (organizationId: string) => api.post("/api/auth/organization/set-active", { body: { organizationId } }),
    onSuccess: () => queryClient.resetQueries(),
    onError: (error) => notifications.show({ color: "red", title: "Could not switch", message: error.message }),
  });
  const list = memberships.data ?? [];
  if (list.length < 2) return null;
  const active = list.find((membership) => membership.isActive);
  return (
    // The platform's own select: a wheel on a phone, type-ahead with the keyboard, read out by screen readers.
    <NativeSelect
      aria-label="Organization"
      size="xs"
      w={{ base: 140, sm: 200 }}
      disabled={switchTo.isPending}
      value={active?.organizationId ?? ""}
      data={list.map((membership) => ({
        value: membership.organizationId,
        label: `${membership.organizationName ?? membership.organizationId} (${membership.role})`,
      }))}
      onChange={(event) => {
        const organizationId = event.currentTarget.value;
        if (organizationId && organizationId !== active?.organizationId) switchTo.mutate(organizationId);
      }}
    />
  );
}
