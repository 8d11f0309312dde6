import { notifications } from "@mantine/notifications";

/**
 * A short notification of the catalog pages. Its close button gets a name: Mantine's has none, which
 * axe reports as a critical problem (button-name).
 */
export function notify(message: string, color: "green" | "red" = "green"): void {
  notifications.show({ color, message, closeButtonProps: { "aria-label": "Close the notification" } });
}
