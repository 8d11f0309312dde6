import { Alert, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useApi } from "../api/api-context.js";
import { isApiError } from "@unified-commerce/client";
import { applyApiErrors } from "../components/form-errors.js";

/** Props of {@link SignInForm}. */
export interface SignInFormProps {
  /** Runs once the session cookie is set. */
  onSignedIn: () => void | Promise<void>;
}

function messageOf(error: unknown): string {
  if (!isApiError(error)) return error instanceof Error ? error.message : "Unexpected error";
  if (error.status === 0) return "The server could not be reached. Try again.";
  if (error.status === 401) return "Wrong e-mail or password.";
  return error.message;
}

/**
 * E-mail and password, then, for an account with two-factor on, its code (an authenticator code or a
 * backup code). The server sets the session cookie; this form never sees or stores a token.
 */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const api = useApi();
  const [challenge, setChallenge] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const credentials = useForm({
    initialValues: { email: "", password: "" },
    validate: {
      email: (value) => (/^\S+@\S+\.\S+$/.test(value.trim()) ? null : "Enter an e-mail address"),
      password: (value) => (value.length > 0 ? null : "Enter your password"),
    },
  });
  const second = useForm({
    initialValues: { code: "" },
    validate: { code: (value) => (value.trim().length >= 6 ? null : "Enter the code from your authenticator app") },
  });

  const run = async (form: { setErrors: (errors: Record<string, string>) => void }, action: () => Promise<void>) => {
    setSubmitting(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      if (!applyApiErrors(form, caught)) setError(messageOf(caught));
    } finally {
      setSubmitting(false);
    }
  };

  const signIn = credentials.onSubmit((values) =>
    run(credentials, async () => {
      const { data } = await api.post("/api/auth/sign-in/email", {
        body: { email: values.email.trim(), password: values.password },
      });
      if (data.twoFactorRequired && data.challenge) setChallenge(data.challenge);
      else await onSignedIn();
    }),
  );

  const verify = second.onSubmit((values) =>
    run(second, async () => {
      await api.post("/api/auth/sign-in/two-factor", {
        body: { challenge: challenge ?? "", code: values.code.trim() },
      });
      await onSignedIn();
    }),
  );

  const alert = error ? (
    <Alert color="red" role="alert">
      {error}
    </Alert>
  ) : null;

  if (challenge)
    return (
      <form onSubmit={verify} noValidate>
        <Stack>
          <Text size="sm">Enter the code from your authenticator app, or one of your backup codes.</Text>
          {alert}
          <TextInput
            label="Two-factor code"
            autoComplete="one-time-code"
            inputMode="numeric"
            data-autofocus
            {...second.getInputProps("code")}
          />
          <Button type="submit" loading={isSubmitting}>
            Verify
          </Button>
          <Button variant="subtle" onClick={() => setChallenge(null)} disabled={isSubmitting}>
            Start again
          </Button>
        </Stack>
      </form>
    );

  return (
    <form onSubmit={signIn} noValidate>
      <Stack>
        {alert}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          required
          {...credentials.getInputProps("email")}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...credentials.getInputProps("password")}
        />
        <Button type="submit" loading={isSubmitting}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
