import { Button, Group, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { Can } from "../../../auth/can.js";
import { ConfirmDialog } from "../../../components/confirm-dialog.js";
import { notify } from "../notify.js";

/** Props of {@link BulkStatusBar}. */
export interface BulkStatusBarProps {
  selectedIds: string[];
  /** Runs once the move finished: the rows that moved are no longer selected, the failed ones stay. */
  onDone: (failedIds: string[]) => void;
}

type Move = "publish" | "archive";

const WORDING: Record<Move, { label: string; past: string; message: (count: number) => string }> = {
  publish: {
    label: "Publish",
    past: "published",
    message: (count) => `Publish ${count} product${count === 1 ? "" : "s"}? They become visible on the storefront.`,
  },
  archive: {
    label: "Archive",
    past: "archived",
    message: (count) => `Archive ${count} product${count === 1 ? "" : "s"}? They leave the storefront.`,
  },
};

/**
 * Publishes or archives the selected rows. The API has no bulk status route (only the import's upsert),
 * so each row is one POST, in turn, with the progress shown; a failure does not stop the others, and the
 * rows that failed stay selected to try again.
 */
export function BulkStatusBar({ selectedIds, onDone }: BulkStatusBarProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [move, setMove] = useState<Move | null>(null);
  const [done, setDone] = useState(0);
  const count = selectedIds.length;

  const open = (action: Move) => {
    setDone(0);
    setMove(action);
  };

  const run = async (action: Move) => {
    const failed: string[] = [];
    for (const id of selectedIds) {
      try {
        if (action === "publish") await api.post("/api/catalog/entities/{id}/publish", { params: { id } });
        else await api.post("/api/catalog/entities/{id}/archive", { params: { id } });
      } catch {
        failed.push(id);
      }
      setDone((value) => value + 1);
    }
    await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
    onDone(failed);
    const moved = selectedIds.length - failed.length;
    notify(
      failed.length
        ? `${moved} ${WORDING[action].past}, ${failed.length} failed (still selected).`
        : `${moved} ${WORDING[action].past}.`,
      failed.length ? "red" : "green",
    );
  };

  if (count === 0) return null;
  return (
    <Can permission="catalog:update">
      <Group gap="xs" mb="sm" wrap="wrap">
        <Text size="sm">{count} selected</Text>
        <Button size="xs" variant="light" onClick={() => open("publish")}>
          Publish
        </Button>
        <Button size="xs" variant="light" color="orange" onClick={() => open("archive")}>
          Archive
        </Button>
      </Group>
      <ConfirmDialog
        opened={move !== null}
        onClose={() => setMove(null)}
        onConfirm={() => (move ? run(move) : undefined)}
        title={move ? `${WORDING[move].label} products` : ""}
        confirmLabel={move ? WORDING[move].label : "Confirm"}
        isDestructive={move === "archive"}
        message={
          // The dialog's message is a paragraph: the progress is words in it, read out as it moves.
          <span aria-live="polite">
            {move ? WORDING[move].message(count) : ""}
            {done > 0 ? ` ${done} of ${count} done.` : ""}
          </span>
        }
      />
    </Can>
  );
}
