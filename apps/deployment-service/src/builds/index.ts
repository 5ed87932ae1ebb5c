export { buildBundle, DIST_DIR, type BuildBundleOptions, type BuildResult, type BundleStats } from './bundle-builder';
export { fixUrl, toBuildErrorsResponse } from './build-errors';
export { BUILD_LIMITS } from './build-limits';
