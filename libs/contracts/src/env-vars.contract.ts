import { EnvVarView } from './apps.contract';
import { BUILD_STATUSES, BuildErrorEntry } from './deployment.contract';
import { Closed, Named, Nullable, StringEnum, Type, type Static } from './schema';

/*
 * What the public API answers to an env var change, which joins apps-service's list with the preview build
 * deployment-service made; in its own file because deployment.contract already depends on apps.contract.
 */

/** The preview build a change made (a file write, a PUBLIC_ value), with the errors to fix next. */
export const PreviewBuild = Named('PreviewBuild', Closed({ status: StringEnum(BUILD_STATUSES), errors: Type.Array(BuildErrorEntry) }));
export type PreviewBuild = Static<typeof PreviewBuild>;

const RebuiltPreview = Nullable(PreviewBuild, {
  description: 'the preview built again because a PUBLIC_ value changed (answered once it is built); null when no PUBLIC_ value changed or the app has no version yet',
});

/** PUT /managed_apps/:id/env_vars */
export const PutEnvVarsResponse = Named('EnvVarsChanged', Closed({ env_vars: Type.Array(EnvVarView), build: RebuiltPreview }));
export type PutEnvVarsResponse = Static<typeof PutEnvVarsResponse>;

/** DELETE /managed_apps/:id/env_vars/:key */
export const DeleteEnvVarResponse = Named('EnvVarDeleted', Closed({ success: Type.Literal(true), message: Type.String(), build: RebuiltPreview }));
export type DeleteEnvVarResponse = Static<typeof DeleteEnvVarResponse>;
