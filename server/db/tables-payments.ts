// Payments through the providers' sandboxes (doc2 §2 payment, §7).
export {}
