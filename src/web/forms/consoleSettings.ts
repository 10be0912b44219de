// Server settings the console's forms follow, from `GET /api/me` (`settings`). Read at every
// validation, so a form opened before the answer arrives follows it from then on.
let privateCallbacks = false;

/** Records the server's settings (RootLayout, after `GET /api/me`). */
export function setConsoleSettings(settings: { privateCallbacks?: boolean } | undefined): void {
  privateCallbacks = settings?.privateCallbacks === true;
}

/** Whether the server allows callback addresses inside the network (ALLOW_PRIVATE_CALLBACKS=1). */
export function privateCallbacksAllowed(): boolean {
  return privateCallbacks;
}
