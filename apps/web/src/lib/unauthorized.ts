import { REDIRECT_DELAY_MS } from "@gallery/schema/constants";
import { toast } from "@gallery/ui";
import { isUnauthorized } from "./errors";
import { LOGIN_URL } from "./login-url";

export { LOGIN_URL };

/**
 * The session is gone (spec section 8): toast 'Unauthorized' - 'You are logged out. Logging in
 * again...', then go to the login endpoint after 500 ms. Returns a function that cancels the redirect.
 */
export function handleUnauthorized(): () => void {
  toast.error("Unauthorized", { description: "You are logged out. Logging in again..." });
  const timer = setTimeout(() => {
    window.location.href = LOGIN_URL;
  }, REDIRECT_DELAY_MS);
  return () => clearTimeout(timer);
}

/** For a 401 shows the unauthorized flow, otherwise an error toast (title 'Error' unless given). */
export function toastError(error: unknown, message: string, title = "Error"): void {
  if (isUnauthorized(error)) {
    handleUnauthorized();
    return;
  }
  toast.error(title, { description: message });
}
