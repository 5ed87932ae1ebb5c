/**
 * The manifest files every app carries (AGENTS.md, CLAUDE.md, SKILL.md). Shared because two services write
 * them: generation-service with the rest of the source, apps-service whenever the app's addresses or
 * configuration change, so the manifest never describes an app that no longer is.
 */
export { renderManifestFiles, envVarNamesOf, appNeedsSignIn, MANIFEST_PATHS, type ManifestContext } from './render-manifest';
