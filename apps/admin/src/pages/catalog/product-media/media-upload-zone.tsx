import { Button, Group, Paper, Progress, Stack, Text, TextInput } from "@mantine/core";
import { useApi } from "../../../api/api-context.js";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { MAX_ALT_LENGTH } from "./alt-text-form.js";
import { uploadMedia } from "./upload-media.js";

/** What the server accepts, judged by the bytes (media's file-type.ts); the picker offers only these. */
const ACCEPT = "image/jpeg,image/png,image/gif,image/webp,image/avif,video/mp4,application/pdf";

/** An uploaded asset, as `POST /api/media/upload` answers it. */
export type UploadedAsset = Awaited<ReturnType<typeof uploadMedia>>;

interface UploadRow {
  key: string;
  name: string;
  percent: number;
  status: "uploading" | "finishing" | "done" | "failed";
  error?: string;
}

/** Props of {@link MediaUploadZone}. */
export interface MediaUploadZoneProps {
  /** After each upload (attach it somewhere, refresh a list); a throw marks that file failed. */
  onUploaded: (asset: UploadedAsset) => Promise<unknown>;
  /** More fields above the drop area (where to attach). */
  children?: ReactNode;
}

/**
 * Drop files here or pick them (keyboard: the "Choose files" button). Each file uploads on its own with
 * a progress bar, one at a time so a phone's upload link is not split between them.
 */
export function MediaUploadZone({ onUploaded, children }: MediaUploadZoneProps) {
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [isOver, setOver] = useState(false);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const update = (key: string, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const uploadAll = async (files: File[]) => {
    const queued = files.map((file) => ({ file, key: crypto.randomUUID() }));
    setRows((current) => [
      ...queued.map(({ file, key }) => ({ key, name: file.name, percent: 0, status: "uploading" as const })),
      ...current,
    ]);
    for (const { file, key } of queued) {
      try {
        const asset = await uploadMedia(api, {
          file,
          alt,
          onProgress: ({ loaded, total }) =>
            update(key, { percent: total > 0 ? Math.round((loaded / total) * 100) : 0 }),
        });
        update(key, { percent: 100, status: "finishing" });
        await onUploaded(asset);
        update(key, { status: "done" });
      } catch (error) {
        update(key, { status: "failed", error: error instanceof Error ? error.message : "Upload failed" });
      }
    }
    setAlt("");
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    if (files.length > 0) void uploadAll(files);
  };

  return (
    <Stack gap="sm">
      {children}
      <TextInput
        label="Alt text"
        description="What the picture shows, for screen readers and search; you can change it later"
        maxLength={MAX_ALT_LENGTH}
        value={alt}
        onChange={(event) => setAlt(event.currentTarget.value)}
      />
      <Paper
        withBorder
        p="lg"
        radius="md"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="media-drop-zone"
        style={{
          borderStyle: "dashed",
          borderWidth: 2,
          background: isOver ? "var(--mantine-color-blue-light)" : undefined,
        }}
      >
        <Stack align="center" gap="xs">
          <Text size="sm" ta="center">
            Drop images, MP4 videos or PDFs here
          </Text>
          <Button variant="default" onClick={() => input.current?.click()}>
            Choose files
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            aria-label="Files to upload"
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = "";
              if (files.length > 0) void uploadAll(files);
            }}
          />
        </Stack>
      </Paper>
      {rows.length > 0 ? (
        <Stack gap={6} aria-live="polite">
          {rows.map((row) => (
            <Stack key={row.key} gap={2}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                  {row.name}
                </Text>
                <Text size="xs" c={row.status === "failed" ? "red.8" : "dimmed"} style={{ flex: "none" }}>
                  {row.status === "uploading"
                    ? `${row.percent}%`
                    : row.status === "finishing"
                      ? "Attaching…"
                      : row.status === "done"
                        ? "Uploaded"
                        : "Failed"}
                </Text>
              </Group>
              <Progress
                value={row.percent}
                color={row.status === "failed" ? "red" : row.status === "done" ? "teal" : "blue"}
                aria-label={`Upload of ${row.name}`}
                size="sm"
              />
              {row.error ? (
                <Text size="xs" c="red.8" role="alert">
                  {row.error}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
