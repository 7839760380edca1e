/** Where the end-to-end server listens; shared by the config and the tests. */
export const port = 18234;
export const baseURL = `http://127.0.0.1:${port}`;
