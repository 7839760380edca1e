/** Where the end-to-end server listens; shared by the config and the tests. */
// MUSICIFY_E2E_PORT and _ADMIN_PORT move them, for runs side by side on one machine.
export const port = Number(process.env.MUSICIFY_E2E_PORT ?? 18234);
export const baseURL = `http://127.0.0.1:${port}`;

/**
 * A second server for the admin tests (e2e/admin.spec.ts): on its own
 * empty database the first person to sign up is the admin, and changing
 * the sign-up mode there leaves the other tests signing up freely.
 */
export const adminPort = Number(process.env.MUSICIFY_E2E_ADMIN_PORT ?? port + 1);
export const adminBaseURL = `http://127.0.0.1:${adminPort}`;
