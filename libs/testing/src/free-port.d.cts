/** A TCP port outside the ephemeral range that nothing listens on and this process has not handed out before. */
export function freePort(): Promise<number>;
