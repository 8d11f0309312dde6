import { Button, Group, Modal, Text } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { ErrorAlert } from "./error-alert.js";

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Runs on confirm; the dialog shows progress, closes when it resolves, and shows the error if it throws. */
  onConfirm: () => Promise<unknown> | void;
  title: string;
  /** What will happen, in words ("Archive 3 products? They leave the storefront."). */
  message: ReactNode;
  /** @default "Confirm" */
  confirmLabel?: string;
  /** Red confirm button, for what cannot be undone. @default true */
  isDestructive?: boolean;
}

/** Asks before a destructive action. Cancel has the focus, so Enter never destroys by accident. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, onClose, onConfirm, title, message, confirmLabel = "Confirm", isDestructive = true } = props;
  const [isRunning, setRunning] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const close = () => {
    if (isRunning) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setRunning(true);
    setError(null);
    try {
      await onConfirm();
      setRunning(false);
      onClose();
    } catch (caught) {
      setRunning(false);
      setError(caught);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <Text size="sm">{message}</Text>
      {error ? (
        <div style={{ marginTop: 12 }}>
          <ErrorAlert error={error} />
        </div>
      ) : null}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={close} data-autofocus disabled={isRunning}>
          Cancel
        </Button>
        <Button color={isDestructive ? "red" : undefined} onClick={confirm} loading={isRunning}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
