import { Button, Group, Text } from "@mantine/core";
import type { CursorPagerState } from "./use-cursor-list.js";

/** Props of {@link CursorPager}. */
export interface CursorPagerProps {
  pager: CursorPagerState;
  /** `meta.pagination.total`, when the list answers it. */
  total?: number | undefined;
}

/** Previous / next buttons for a cursor-paged list (from {@link useCursorList}). */
export function CursorPager({ pager, total }: CursorPagerProps) {
  if (!pager.hasPrevious && !pager.hasNext) return null;
  return (
    <Group justify="space-between" mt="md">
      <Text size="sm" c="dimmed">
        Page {pager.pageNumber}
        {total !== undefined ? ` · ${total} in all` : ""}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={pager.previous} disabled={!pager.hasPrevious}>
          Previous
        </Button>
        <Button variant="default" size="xs" onClick={pager.next} disabled={!pager.hasNext}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
