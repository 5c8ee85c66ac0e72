import type { User as FirebaseUser } from "firebase/auth";
import { loadFirebaseAuth } from "./firebase";
import { verifyWithServer } from "./session";
import { fakeGoogleIdToken, type TestGoogleAccount } from "./test-google-accounts";

const POPUP_FALLBACK_CODES = new Set([
  "auth/popup-blocked",
  "auth/popup-closed-by-user",
  "auth/cancelled-popup-request",
]);

async function syncServer(user: FirebaseUser) {
  await verifyWithServer(await user.getIdToken());
}

export async function signInWithEmail(email: string, password: string) {
  const { auth, sdk } = await loadFirebaseAuth();
  try {
    const credential = await sdk.signInWithEmailAndPassword(auth, email, password);
    await syncServer(credential.user);
  } catch (error) {
    console.error("Sign-in failed", error);
    throw error;
  }
}

/** Creates the account, sends the verification e-mail at once, then starts the server session. */
export async function signUpWithEmail(email: string, password: string) {
  const { auth, sdk } = await loadFirebaseAuth();
  try {
    const credential = await sdk.createUserWithEmailAndPassword(auth, email, password);
    await sdk.sendEmailVerification(credential.user);
    await syncServer(credential.user);
  } catch (error) {
    console.error("Sign-up failed", error);
    throw error;
  }
}

/**
 * Google sign-in: a 500x600 popup first; when the popup is blocked, closed or cancelled, a
 * full-page redirect that finishes on the next page load (see completeRedirectSignIn).
 * Returns "redirecting" when the page is about to leave.
 */
export async function signInWithGoogle(): Promise<"signed-in" | "redirecting"> {
  const { auth, sdk } = await loadFirebaseAuth();
  const provider = new sdk.GoogleAuthProvider();
  provider.addScope("email");
  provider.addScope("profile");
  try {
    const credential = await sdk.signInWithPopup(auth, provider);
    await syncServer(credential.user);
    return "signed-in";
  } catch (error) {
    if (POPUP_FALLBACK_CODES.has((error as { code?: string }).code ?? "")) {
      await sdk.signInWithRedirect(auth, provider);
      return "redirecting";
    }
    console.error("Google sign-in failed", error);
    throw error;
  }
}

/**
 * Google sign-in against the Auth emulator only (the chooser of components/auth): a Google credential
 * the emulator accepts, so no Google-hosted script or popup is involved and it works offline.
 */
export async function signInWithTestGoogleAccount(account: TestGoogleAccount) {
  const { auth, sdk, emulator } = await loadFirebaseAuth();
  try {
    if (!emulator) throw new Error("Test Google accounts exist only on the Auth emulator");
    const credential = sdk.GoogleAuthProvider.credential(fakeGoogleIdToken(account));
    const result = await sdk.signInWithCredential(auth, credential);
    await syncServer(result.user);
  } catch (error) {
    console.error("Google sign-in failed", error);
    throw error;
  }
}

/** Finishes a redirect sign-in on the page load after it; true when one was completed. */
export async function completeRedirectSignIn(): Promise<boolean> {
  const { auth, sdk } = await loadFirebaseAuth();
  try {
    const result = await sdk.getRedirectResult(auth);
    if (!result) return false;
    await syncServer(result.user);
    return true;
  } catch (error) {
    console.error("Redirect sign-in failed", error);
    throw error;
  }
}
