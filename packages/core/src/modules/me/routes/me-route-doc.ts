/** Said of every `/api/me` route in the API document. */
export const ME_ACCESS_DOC =
  "Only a signed-in person reaches `/api/me` (a session cookie, or its token as `Authorization: Bearer`): anonymous callers, API keys (even an administrator's) and system actors get 401 `UNAUTHORIZED`, before any permission is looked at. The customer is the session's own (its customer profile, else its user id); another customer's order, by id or number, is a 404 like one that does not exist.";
