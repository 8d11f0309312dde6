import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { Can } from "../../../auth/can.js";
import { ConfirmDialog } from "../../../components/confirm-dialog.js";
import { notify } from "../notify.js";

/** Props of {@link DeleteProductButton}. */
export interface DeleteProductButtonProps {
  entity: { id: string; slug: string };
  /** After the delete (the page goes back to the list). */
  onDeleted: () => void;
}

/**
 * Deletes the product after a confirmation. Hidden from members without catalog:delete; the server
 * refuses them with a 403 all the same (the e2e test forces the call).
 */
export function DeleteProductButton({ entity, onDeleted }: DeleteProductButtonProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [isAsking, setAsking] = useState(false);
  return (
    <Can permission="catalog:delete">
      <Button color="red" variant="outline" onClick={() => setAsking(true)}>
        Delete
      </Button>
      <ConfirmDialog
        opened={isAsking}
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          await api.delete("/api/catalog/entities/{id}", { params: { id: entity.id } });
          queryClient.removeQueries({ queryKey: ["catalog", "entities", "one", entity.id] });
          await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
          notify(`${entity.slug} deleted.`);
          onDeleted();
        }}
        title="Delete this product?"
        message={`Delete ${entity.slug} with its variants, attributes and custom fields? This cannot be undone.`}
        confirmLabel="Delete"
      />
    </Can>
  );
}
