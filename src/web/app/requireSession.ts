import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { browserStore } from '../session/browserStore';

/** Root loader: without a live session go to /login, remembering where the user was going. */
export function requireSession({ request }: LoaderFunctionArgs) {
  if (browserStore.hasLiveSession() && browserStore.getUserInfo()) return null;
  const url = new URL(request.url);
  const target = `${url.pathname}${url.search}`;
  return redirect(target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`);
}
