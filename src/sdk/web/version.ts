/** The web SDK's version: reported in every event (`sdkVersion`) and served at /sdk/version.json. */
export const SDK_VERSION = '1.0.0';

/** The npm package name of the SDK's tarball (served beside gc.mjs). */
export const SDK_PACKAGE = 'growth-console-web';

/** The tarball's file name under /sdk/v1/: `npm install {base}/sdk/v1/growth-console-web-1.0.0.tgz`. */
export const SDK_TARBALL = `${SDK_PACKAGE}-${SDK_VERSION}.tgz`;
