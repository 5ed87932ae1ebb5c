// Is this appgen process alive? Run inside its container by Docker's HEALTHCHECK and by Kubernetes' liveness
// probe (k8s/base/every-deployment.patch.yaml). Exits 0 when alive, 1 when wedged.
//
// Alive = GET /health on its own port (HEALTH_PORT; the gateway's PORT) answers anything within 3 s, 200 or 503
// alike, unless it says its own NATS client has closed for good (checks.nats "failing": the client retries a lost
// server forever, so closed means it gave up and only a restart reconnects it). A database or NATS outage is not a
// reason to restart (a restart would not bring either back): readiness takes the process out of rotation for those.
// A blocked event loop answers nothing.
//
// A script rather than an HTTP probe, because an HTTP probe cannot tell "answers 503" from "does not answer".
const port = process.env.HEALTH_PORT || process.env.PORT || '3000';
try {
  const response = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(3000) });
  const report = await response.json();
  process.exit(report.checks?.nats === 'failing' ? 1 : 0);
} catch (error) {
  console.error(`no health answer on port ${port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
