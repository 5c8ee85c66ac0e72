import { signUpSchema } from "@gallery/schema";
import { Avatar, type DialogOpenProps, FormDialog, TextField } from "@gallery/ui";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { TEST_GOOGLE_ACCOUNTS, type TestGoogleAccount } from "../../auth/test-google-accounts";
import { avatarLetter } from "../layout/avatar-letter";

interface Props extends DialogOpenProps {
  /** Signs in with the chosen account; the chooser waits for it and stays open if it fails. */
  onChoose: (account: TestGoogleAccount) => Promise<void>;
  /** The emulator's own page through the Firebase SDK (popup, then redirect): needs the internet. */
  onUseEmulatorPage: () => void;
  /** Where focus goes when the chooser closes (the button that opened it). */
  onCloseAutoFocus: (event: Event) => void;
}

/** The add-account form's e-mail check: empty, then the shared e-mail rule. */
function emailProblem(email: string): string | undefined {
  if (!email.trim()) return "Please enter your email address.";
  const parsed = signUpSchema.shape.email.safeParse(email.trim());
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * 'Continue with Google' when the app runs against the Auth emulator: an account chooser of the app's
 * own (a few test accounts, or add one with any e-mail and name), so Google sign-in works on the local
 * stack without a Google account or the internet. Never shown with real Firebase.
 */
export function TestGoogleAccountChooser({ open, onOpenChange, onChoose, onUseEmulatorPage, onCloseAutoFocus }: Props) {
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState(false);
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();

  const choose = async (account: TestGoogleAccount) => {
    setPending(true);
    try {
      await onChoose(account);
    } finally {
      setPending(false);
    }
  };
  const add = () => {
    const problem = emailProblem(email);
    setError(problem);
    if (!problem) void choose({ email: email.trim(), name });
  };
  const changeOpen = (next: boolean) => {
    if (!next) setAdding(false);
    onOpenChange(next);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={changeOpen}
      className="max-w-md"
      onCloseAutoFocus={onCloseAutoFocus}
      title={adding ? "Add a test Google account" : "Choose a test Google account"}
      description="The app runs against the Firebase Auth emulator: these accounts exist only on this computer, and no Google account or internet connection is needed."
      onSubmit={add}
      submitLabel="Sign in"
      pendingLabel="Signing in..."
      pending={pending}
      cancel={{ label: "Back", onClick: () => setAdding(false) }}
      noValidate
      replaceForm={
        !adding && (
          <AccountList
            pending={pending}
            onChoose={(account) => void choose(account)}
            onAdd={() => setAdding(true)}
            onUseEmulatorPage={onUseEmulatorPage}
          />
        )
      }
    >
      <TextField
        id="test-google-email"
        label="Email"
        type="email"
        autoComplete="off"
        autoFocus
        value={email}
        error={error}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        id="test-google-name"
        label="Name"
        autoComplete="off"
        placeholder="e.g. Jane Doe"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
    </FormDialog>
  );
}

/** The chooser's first step: the test accounts, "Add account", and the emulator's own page. */
function AccountList(props: {
  pending: boolean;
  onChoose: (account: TestGoogleAccount) => void;
  onAdd: () => void;
  onUseEmulatorPage: () => void;
}) {
  const { pending, onChoose, onAdd, onUseEmulatorPage } = props;
  return (
    <div className="space-y-4">
      <ul className="divide-y rounded-lg border">
        {TEST_GOOGLE_ACCOUNTS.map((account) => (
          <li key={account.email}>
            <button
              type="button"
              disabled={pending}
              onClick={() => onChoose(account)}
              className="flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-wait disabled:opacity-60"
            >
              <Avatar fallback={avatarLetter({ firstName: account.name, email: account.email })} />
              <span className="min-w-0">
                <span className="block truncate font-medium">{account.name}</span>
                <span className="block truncate text-sm text-muted-foreground">{account.email}</span>
              </span>
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={pending}
            onClick={onAdd}
            className="flex w-full cursor-pointer items-center gap-3 px-4 py-3 text-left font-medium transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
          >
            <span className="inline-flex size-9 items-center justify-center rounded-full border">
              <UserPlus className="size-4" aria-hidden="true" />
            </span>
            Add account
          </button>
        </li>
      </ul>
      {pending && (
        <p role="status" className="text-center text-sm text-muted-foreground">
          Signing in...
        </p>
      )}
      <p className="text-center text-sm">
        <button
          type="button"
          disabled={pending}
          className="text-muted-foreground underline-offset-4 hover:underline disabled:opacity-60"
          onClick={onUseEmulatorPage}
        >
          Use the emulator's own sign-in page (needs internet)
        </button>
      </p>
    </div>
  );
}
