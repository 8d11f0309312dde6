import { notifications } from "@mantine/notifications";

/**
 * A green notification that something was saved. Its close button gets a name: Mantine's has none, and
 * axe counts a nameless button as a critical issue.
 */
export function notifySuccess(message: string): void {
  notifications.show({ color: "green", message, closeButtonProps: { "aria-label": "Dismiss" } });
}
