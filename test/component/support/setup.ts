// After every component test: the fake API answered every call the screen made.
import { assertEveryCallAnswered } from './fake-api'

afterEach(() => assertEveryCallAnswered())
