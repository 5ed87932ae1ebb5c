/** What one build accepts and produces at most; beyond these the build fails with an entry saying which. */
export const BUILD_LIMITS = {
  maxSourceFiles: 500,
  maxSourceBytes: 5 * 1024 * 1024,
  /** dist/ without its source maps, which only developer tools fetch */
  maxBundleBytes: 10 * 1024 * 1024,
} as const;

/** Readable size for messages: `812 KB`, `5.2 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
