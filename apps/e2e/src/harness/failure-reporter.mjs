// Jest calls onRunComplete before globalTeardown, in the same process, so the teardown knows whether to
// keep the logs.
export default class FailureReporter {
  onRunComplete(_contexts, results) {
    globalThis.__appgenE2eFailed = results.numFailedTests > 0 || results.numRuntimeErrorTestSuites > 0;
  }
}
