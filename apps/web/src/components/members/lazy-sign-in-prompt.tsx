import type { DialogOpenProps } from "@gallery/ui";
import { lazy, Suspense } from "react";

// The dialog (Radix) loads on first use, as the image modal does: the gallery's first download stays small.
export const LazySignInPrompt = lazy(() =>
  import("./sign-in-prompt").then((module) => ({ default: module.SignInPrompt })),
);

/** A visitor's invitation to sign in (the heart, Follow), mounted while open: its code is fetched when first shown. */
export function SignInPromptWhenOpen(props: DialogOpenProps & { title: string }) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazySignInPrompt {...props} />
    </Suspense>
  );
}
