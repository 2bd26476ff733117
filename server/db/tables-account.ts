// Account settings (account-area §2, §5): login mask, e-mail, cancellation, re-verification.
export {}
