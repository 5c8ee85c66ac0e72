import { REDIRECT_DELAY_MS } from "@gallery/schema/constants";
import { toast } from "@gallery/ui";
import { isUnauthorizedError } from "./api";

/** The session is gone: say so, then go to the login endpoint (spec section 8). */
export function handleUnauthorized() {
  toast.error("Unauthorized", { description: "You are logged out. Logging in again..." });
  setTimeout(() => {
    window.location.href = "/api/login";
  }, REDIRECT_DELAY_MS);
}

/** Shows the unauthorized flow for a 401, else the given error toast. */
export function toastError(error: unknown, message: string, title = "Error") {
  if (isUnauthorizedError(error)) return handleUnauthorized();
  toast.error(title, { description: message });
}
