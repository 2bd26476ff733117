// Invoice and contract applications (doc2 §3-§5).
export {}
