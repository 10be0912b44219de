import { redirect } from 'react-router-dom';
import { browserStore } from '../session/browserStore';

/** Login and sign-up loader: a signed-in user goes straight to the console. */
export function redirectIfSignedIn() {
  return browserStore.hasLiveSession() && browserStore.getUserInfo() ? redirect('/') : null;
}
