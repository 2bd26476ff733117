// Sub-admin activation and the position dictionary (account-area §3, §4, §7).
export {}
