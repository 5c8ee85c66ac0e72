/** Spec section 2: the login endpoint used as a redirect target. */
export const LOGIN_PATH = "/api/login";
