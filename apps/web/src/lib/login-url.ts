/** Where a visitor signs in, and where an unauthorized session is sent (spec section 2, route /api/login). */
export const LOGIN_URL = "/api/login";
