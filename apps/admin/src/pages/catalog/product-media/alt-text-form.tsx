import { Button, Group, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useApi } from "../../../api/api-context.js";
import { ErrorAlert } from "../../../components/error-alert.js";
import { applyApiErrors } from "../../../components/form-errors.js";

/** The server's limit (media-schemas.ts). */
export const MAX_ALT_LENGTH = 1_000;

/**
 * Edits an asset's alt text (`PATCH /api/media/{id}`): what a screen reader says of the picture; empty
 * clears it (a decorative picture). The asset is shared, so every product showing it gets the new text.
 */
export function AltTextForm(props: {
  assetId: string;
  alt: string | null;
  label: string;
  onSaved: () => Promise<unknown>;
}) {
  const { assetId, alt, label, onSaved } = props;
  const api = useApi();
  const form = useForm({
    initialValues: { alt: alt ?? "" },
    validate: {
      alt: (value: string) => (value.length > MAX_ALT_LENGTH ? `At most ${MAX_ALT_LENGTH} characters` : null),
    },
  });
  const save = useMutation({
    mutationFn: (value: string) =>
      api.patch("/api/media/{id}", { params: { id: assetId }, body: { alt: value.trim() || null } }),
    onSuccess: async () => {
      form.resetDirty();
      await onSaved();
    },
    onError: (error) => applyApiErrors(form, error),
  });
  return (
    <form onSubmit={form.onSubmit(({ alt: value }) => save.mutate(value))} aria-label={`Alt text of ${label}`}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Alt text"
          placeholder="What the picture shows"
          maxLength={MAX_ALT_LENGTH}
          style={{ flex: 1, minWidth: 0 }}
          {...form.getInputProps("alt")}
        />
        <Button type="submit" variant="default" loading={save.isPending} disabled={!form.isDirty()}>
          Save
        </Button>
      </Group>
      {save.error && !Object.keys(form.errors).length ? <ErrorAlert error={save.error} /> : null}
    </form>
  );
}
