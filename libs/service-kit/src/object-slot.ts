/**
 * A value attached to a short-lived object (an HTTP request, a NATS message) for as long as that object lives.
 *
 * Not a WeakMap: V8's scavenger keeps every entry of a long-lived WeakMap alive, key and value, so each request's
 * objects were promoted to the old generation and freed only by a full collection. In gateway-read that was about
 * 1.3 KB promoted per request in the gateway and in apps-service, and a full collection in both early in every
 * pass, which lengthened the gateway's tail. A property under a private symbol dies with its object.
 */
export interface ObjectSlot<T> {
  get(target: object): T | undefined;
  set(target: object, value: T): void;
  /** Empties the slot, so what it held can be freed before the object is. */
  clear(target: object): void;
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
      (target as Holder)[key] = undefined;
    },
  };
}
