import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './app/app.css';
import { AppProviders } from './app/AppProviders';
import { createAppRouter } from './app/createAppRouter';
import { initI18n } from './i18n/initI18n';
import { appNavigation } from './session/appNavigation';
import { browserStore } from './session/browserStore';
import { SessionProvider } from './session/SessionProvider';

// The top loading bar while a screen loads.
NProgress.configure({ minimum: 0.3, speed: 500, trickleSpeed: 200, showSpinner: false });
NProgress.start();

async function start() {
  await initI18n(browserStore.getLng());
  const router = createAppRouter();
  appNavigation.set((to, options) => void router.navigate(to, options));
  router.subscribe((state) => {
    if (state.navigation.state === 'idle' && state.initialized) NProgress.done();
    else NProgress.start();
  });
  if (router.state.initialized && router.state.navigation.state === 'idle') NProgress.done();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SessionProvider>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </SessionProvider>
    </StrictMode>,
  );
}

void start();
