import { Badge } from "@mantine/core";

const COLORS: Record<string, string> = { draft: "gray", active: "green", archived: "orange", discontinued: "red" };

/** A catalog entity's status: a word in the text colour beside a coloured dot (coloured text fails AA contrast). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="dot">
      {status}
    </Badge>
  );
}
