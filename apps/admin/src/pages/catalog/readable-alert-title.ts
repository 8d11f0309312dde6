/**
 * Alert styles whose title reads in the text colour: Mantine's yellow and green light alerts colour the
 * title below WCAG AA contrast on their own background (axe); the alert's colour still says its kind.
 */
export const READABLE_ALERT_TITLE = { title: { color: "var(--mantine-color-text)" } } as const;
