/** Said of every `/api/me` route in the API document. */
export const ME_ACCESS_DOC =
  "Only a signed-in person reaches `/api/me` (a session cookie, or its token as `Authorization: Bearer`): anonymous callers, API keys (even an administrator's) and system actors get 401 `UNAUTHORIZED`, before any permission is looked at. The customer is the session's own (its customer profile, else its user id); another customer's order, by id or number, is a 404 like one that does not exist.";

/** Said of the profile and address routes. */
export const PROFILE_DOC =
  "The profile is the session's customer profile (its id is the user id). A person who signed up before customer profiles existed gets one on the first profile or address request, made from the session's e-mail (customers.create).";
