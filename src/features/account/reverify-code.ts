/**
 * The envelope code of a sensitive change refused because the session is not fresh (server
 * http/auth.ts REVERIFY_CODE): logged in or re-verified more than 10 minutes ago.
 */
export const REVERIFY_CODE = 4031
