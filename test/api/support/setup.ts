// Every API test file: a server per file and many calls a test, so the limit is for a hung test,
// not a slow one. (jest's testTimeout is read from the root config only, not a project's.)
jest.setTimeout(60_000)
