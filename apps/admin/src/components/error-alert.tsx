import { Alert, Button, Code, Group, Text } from "@mantine/core";
import { isApiError } from "@unified-commerce/client";

/** Props of {@link ErrorAlert}. */
export interface ErrorAlertProps {
  error: unknown;
  /** Shows a Retry button that calls it. */
  onRetry?: () => void;
  title?: string;
}

/** An error as the user should see it: the API's message, its request id to quote to support, and a retry. */
export function ErrorAlert({ error, onRetry, title = "Something went wrong" }: ErrorAlertProps) {
  const message = error instanceof Error ? error.message : "Unexpected error";
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <Alert color="red" title={title} role="alert">
      <Text size="sm">{message}</Text>
      {requestId ? (
        <Text size="xs" c="dimmed" mt={4}>
          Request id: <Code>{requestId}</Code>
        </Text>
      ) : null}
      {onRetry ? (
        <Group mt="sm">
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      ) : null}
    </Alert>
  );
}
