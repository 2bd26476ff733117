// After every component test: the fake API answered every call the screen made.
// jest-dom's matchers (toBeInTheDocument, toHaveTextContent...) say what an assertion means.
import '@testing-library/jest-dom'
import { configure } from '@testing-library/react'
import { assertEveryCallAnswered } from './fake-api'

// findBy/waitFor wait for a screen to appear, they do not time it (speed is `npm run bench`'s job).
// Testing Library's 1 s default is a deadline a first render of a large form can miss on a two-core
// CI machine running an API worker beside it; the test's own limit still catches a hang.
configure({ asyncUtilTimeout: 5_000 })

// Typing and clicking through a dialog takes well under a second alone; CI's two cores also run an
// API worker beside it, so the limit is for a hung test, not a slow one. (Set here: jest reads
// testTimeout from the root config only, not a project's.)
jest.setTimeout(30_000)

afterEach(() => assertEveryCallAnswered())
