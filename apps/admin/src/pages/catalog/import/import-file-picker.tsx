import { Button, FileButton, Paper, Stack, Text } from "@mantine/core";
import { type DragEvent, useState } from "react";

/** Props of {@link ImportFilePicker}. */
export interface ImportFilePickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

const ACCEPT = ".csv,.ndjson,.jsonl,text/csv,application/x-ndjson";

function sizeOf(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A drop area for the import file, with a button that opens the file picker (the keyboard's way in). */
export function ImportFilePicker({ file, onChange, disabled = false }: ImportFilePickerProps) {
  const [isOver, setOver] = useState(false);
  const over = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setOver(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (!disabled && dropped) onChange(dropped);
  };
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      onDragOver={over}
      onDragEnter={over}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      style={{
        borderStyle: "dashed",
        borderWidth: 2,
        borderColor: isOver ? "var(--mantine-color-blue-6)" : undefined,
        background: isOver ? "var(--mantine-color-blue-light)" : undefined,
      }}
    >
      <Stack align="center" gap="xs">
        <Text fw={600} ta="center">
          {file ? file.name : "Drop a CSV or NDJSON file here"}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {file
            ? sizeOf(file.size)
            : ".csv (one row per variant), .ndjson or .jsonl (one entity per line), up to 1 GiB"}
        </Text>
        <FileButton onChange={onChange} accept={ACCEPT} disabled={disabled}>
          {(props) => (
            <Button variant="default" {...props} disabled={disabled}>
              {file ? "Choose another file" : "Choose a file"}
            </Button>
          )}
        </FileButton>
      </Stack>
    </Paper>
  );
}
