import { Button, toast } from "@gallery/ui";
import { useRef, useState } from "react";
import { signInWithGoogle, signInWithTestGoogleAccount } from "../../auth/actions";
import { loadFirebaseAuth } from "../../auth/firebase";
import type { TestGoogleAccount } from "../../auth/test-google-accounts";
import { TestGoogleAccountChooser } from "./test-google-account-chooser";

const signedIn = () => toast.success("Successfully signed in with Google!");
const failed = () => toast.error("Error", { description: "Failed to sign in with Google. Please try again." });

/**
 * 'Continue with Google'. With real Firebase: the SDK's 500x600 popup, then the redirect fallback
 * (auth/actions.ts). Against the Auth emulator: the app's own chooser of test accounts, which needs no
 * Google-hosted script, so it works without the internet.
 */
export function GoogleSignIn() {
  const [pending, setPending] = useState(false);
  const [chooserOpen, setChooserOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const popup = async () => {
    setPending(true);
    try {
      if ((await signInWithGoogle()) === "signed-in") signedIn();
    } catch {
      failed();
    } finally {
      setPending(false);
    }
  };
  const start = async () => {
    const emulator = await loadFirebaseAuth().then(
      (firebase) => firebase.emulator,
      () => false,
    );
    if (emulator) setChooserOpen(true);
    else await popup();
  };
  const choose = async (account: TestGoogleAccount) => {
    try {
      await signInWithTestGoogleAccount(account);
      setChooserOpen(false);
      signedIn();
    } catch {
      failed();
    }
  };

  return (
    <>
      <Button ref={button} className="w-full" onClick={() => void start()} disabled={pending}>
        {pending ? "Signing in..." : "Continue with Google"}
      </Button>
      <TestGoogleAccountChooser
        open={chooserOpen}
        onOpenChange={setChooserOpen}
        onChoose={choose}
        onUseEmulatorPage={() => {
          setChooserOpen(false);
          void popup();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
      />
    </>
  );
}
