import { Button, Group } from "@mantine/core";
import { Can } from "../../auth/can.js";

/** Props of {@link RowActions}. */
export interface RowActionsProps {
  /** The row's name, so each button says what it acts on ("Edit Shirts") to a screen reader. */
  name: string;
  onEdit?: (() => void) | undefined;
  onRemove?: (() => void) | undefined;
  /** @default "catalog:update" */
  editPermission?: string;
  /** @default "catalog:delete" */
  removePermission?: string;
  /** @default "Delete" */
  removeLabel?: string;
}

/** Edit and delete buttons of a list row, each shown only to members allowed to use it. */
export function RowActions(props: RowActionsProps) {
  const { name, onEdit, onRemove, editPermission = "catalog:update", removePermission = "catalog:delete" } = props;
  const removeLabel = props.removeLabel ?? "Delete";
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {onEdit ? (
        <Can permission={editPermission}>
          <Button size="compact-sm" variant="subtle" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
        </Can>
      ) : null}
      {onRemove ? (
        <Can permission={removePermission}>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={onRemove}
            aria-label={`${removeLabel} ${name}`}
          >
            {removeLabel}
          </Button>
        </Can>
      ) : null}
    </Group>
  );
}
