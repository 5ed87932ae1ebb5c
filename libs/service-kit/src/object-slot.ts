/**
 * A value attached to a short-lived object (an HTTP request, a NATS message) for as long as that object lives.
 *
 * Not a WeakMap: V8's scavenger keeps every entry of a long-lived WeakMap alive, key and value, so each request's
 * objects were promoted to the old generation and freed only by a full collection. In gateway-read that was about
 * 1.3 KB promoted per request in the gateway and in apps-service, and a major collection in both at the start of
 * every pass, where the gateway's p99 came from. A property under a private symbol dies with its object.
 */
export interface ObjectSlot<T> {
  get(target: object): T | undefined;
  set(target: object, value: T): void;
  /** Empties the slot; answers whether it held a value. */
  clear(target: object): boolean;
}

export function objectSlot<T>(description: string): ObjectSlot<T> {
  const key = Symbol(description);
  type Holder = { [key]?: T };
  return {
    get: (target) => (target as Holder)[key],
    set: (target, value) => {
      (target as Holder)[key] = value;
    },
    clear: (target) => {
      const held = (target as Holder)[key] !== undefined;
      (target as Holder)[key] = undefined;
      return held;
    },
  };
}
