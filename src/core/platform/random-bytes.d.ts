/** `length` random bytes for identifiers (the device id): the browser's CSPRNG on H5. */
export declare function randomBytes(length: number): Uint8Array
