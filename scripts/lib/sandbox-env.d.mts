export declare const LOOPBACK_HOST: string
export declare function sandboxServerEnv(
  env: Record<string, string | undefined>,
): { error: string } | { env: Record<string, string | undefined>; host: string; exposed: boolean }
