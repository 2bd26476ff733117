// Changing or unbinding the WeChat is a sensitive change: the server refuses it from a session that
// is not fresh, and the account area's SMS re-verification then runs the action again.
export { isReverifyCancelled, withFreshSession as runSensitive } from '../account/fresh-session'
