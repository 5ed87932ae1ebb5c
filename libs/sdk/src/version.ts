/** This package's version (package.json's; a spec keeps them equal), sent in the User-Agent. */
export const SDK_VERSION = '0.1.0';
