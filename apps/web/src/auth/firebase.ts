import type { Auth } from "firebase/auth";
import { trpcClient } from "../lib/trpc";

export type FirebaseAuthModule = typeof import("firebase/auth");
export interface FirebaseAuth {
  auth: Auth;
  sdk: FirebaseAuthModule;
  /** True when the api uses the Auth emulator (local stack): Google sign-in then needs no Google. */
  emulator: boolean;
}

let loading: Promise<FirebaseAuth> | undefined;

/**
 * Loads the Firebase SDK on demand (it is not part of the first paint) with the configuration
 * the api serves, connected to the Auth emulator when the api uses one.
 */
export function loadFirebaseAuth(): Promise<FirebaseAuth> {
  loading ??= (async () => {
    const [config, { initializeApp }, sdk] = await Promise.all([
      trpcClient.auth.clientConfig.query(),
      import("firebase/app"),
      import("firebase/auth"),
    ]);
    const app = initializeApp(config.firebase);
    const auth = sdk.initializeAuth(app, {
      persistence: [sdk.indexedDBLocalPersistence, sdk.browserLocalPersistence],
      popupRedirectResolver: sdk.browserPopupRedirectResolver,
    });
    const emulator = Boolean(config.authEmulatorUrl);
    if (config.authEmulatorUrl) sdk.connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    return { auth, sdk, emulator };
  })();
  // A failure (the configuration refused past its retries, the SDK not loaded) is not kept: the next ask tries again.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
