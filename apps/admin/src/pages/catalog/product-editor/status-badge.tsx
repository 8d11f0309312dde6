import { Badge } from "@mantine/core";

const COLORS: Record<string, string> = { draft: "gray", active: "green", archived: "orange", discontinued: "red" };

/** A catalog entity's status as a coloured word. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? "gray"} variant="light">
      {status}
    </Badge>
  );
}
