// Changing or unbinding the WeChat is a sensitive change: the server refuses it from a session that
// is not fresh, and the account area's SMS re-verification then runs the action again.
// TODO(account): withFreshSession from ../account/fresh-session once it lands.
export function runSensitive<T>(action: () => Promise<T>): Promise<T> {
  return action()
}
