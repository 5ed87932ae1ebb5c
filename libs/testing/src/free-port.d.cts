/** A TCP port outside the ephemeral range that nothing listens on and this process has not handed out before. */
export function freePort(): Promise<number>;
/** Whether something already listens on `port` (any address), as the services bind 0.0.0.0. */
export function portTaken(port: number): Promise<boolean>;
