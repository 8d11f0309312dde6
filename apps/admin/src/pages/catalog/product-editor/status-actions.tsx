import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "../../../api/api-context.js";
import { Can } from "../../../auth/can.js";
import { ConfirmDialog } from "../../../components/confirm-dialog.js";
import type { Entity } from "./general-form.js";
import { notify } from "../notify.js";

type Move = "publish" | "archive" | "discontinue";

/** The status moves (`change-entity-status.ts`), each offered when it changes something. */
const MOVES: readonly { move: Move; to: string; label: string; confirm?: string }[] = [
  { move: "publish", to: "active", label: "Publish" },
  { move: "archive", to: "archived", label: "Archive", confirm: "It leaves the storefront; you can publish it again." },
  {
    move: "discontinue",
    to: "discontinued",
    label: "Discontinue",
    confirm: "It is no longer sold; you can publish it again.",
  },
];

/** Publish, archive and discontinue an entity; the two that take it off sale ask first. */
export function StatusActions({ entity }: { entity: Entity }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<(typeof MOVES)[number] | null>(null);
  const [running, setRunning] = useState<Move | null>(null);

  const run = async (move: Move) => {
    setRunning(move);
    try {
      const path = `/api/catalog/entities/{id}/${move}` as const;
      await api.post(path, { params: { id: entity.id } });
      await queryClient.invalidateQueries({ queryKey: ["catalog", "entities"] });
      notify(`Status: ${MOVES.find((item) => item.move === move)?.to ?? move}.`);
    } finally {
      setRunning(null);
    }
  };

  return (
    <Can permission="catalog:update">
      {MOVES.filter(({ to }) => to !== entity.status).map((item) => (
        <Button
          key={item.move}
          variant={item.move === "publish" ? "filled" : "default"}
          loading={running === item.move}
          onClick={() =>
            item.confirm
              ? setAsking(item)
              : run(item.move).catch((error: unknown) =>
                  notify(error instanceof Error ? error.message : "Not changed", "red"),
                )
          }
        >
          {item.label}
        </Button>
      ))}
      <ConfirmDialog
        opened={asking !== null}
        onClose={() => setAsking(null)}
        onConfirm={() => (asking ? run(asking.move) : undefined)}
        title={asking ? `${asking.label} this product?` : ""}
        message={asking?.confirm ?? ""}
        confirmLabel={asking?.label ?? "Confirm"}
      />
    </Can>
  );
}
