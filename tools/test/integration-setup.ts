// Integration specs start databases, NATS servers and whole services in their hooks: on a busy machine that takes
// longer than Jest's default 5 s, and a hook that times out lets afterAll drop a database under a service still
// migrating it. What these specs measure is behaviour, never speed.
jest.setTimeout(30_000);
