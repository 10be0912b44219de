import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ErrorPage } from '../features/status/ErrorPage';
import { loadShellTexts } from '../i18n/initI18n';
import { NotFoundPage } from '../features/status/NotFoundPage';
import { redirectIfSignedIn } from './redirectIfSignedIn';
import { requireSession } from './requireSession';
import { featurePages } from './featurePages';
import { page } from './pageLoader';
import { featureRoutes } from './routeTable';

/** Route handle: what the shell needs to title a page and find its menu entry. */
export interface RouteHandle {
  titleKey?: string;
  group?: string;
  listPath?: string;
}

// Every page is its own chunk: the router fetches it before committing the navigation, which
// is when the top loading bar runs.
const loadPlaceholder = page(
  () => import('../features/placeholder/FeaturePlaceholderPage'),
  (m) => m.FeaturePlaceholderPage,
);

const publicRoutes: RouteObject[] = [
  {
    path: '/login',
    loader: redirectIfSignedIn,
    lazy: page(
      () => import('../features/accounts/LoginPage'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: '/sign-up',
    loader: redirectIfSignedIn,
    lazy: page(
      () => import('../features/accounts/SignUpPage'),
      (m) => m.SignUpPage,
    ),
  },
  {
    path: '/forget-password',
    lazy: page(
      () => import('../features/accounts/ForgetPasswordPage'),
      (m) => m.ForgetPasswordPage,
    ),
  },
  {
    path: '/reset-password',
    lazy: page(
      () => import('../features/accounts/ResetPasswordPage'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: '/serviceAgreement',
    lazy: page(
      () => import('../features/accounts/ServiceAgreementPage'),
      (m) => m.ServiceAgreementPage,
    ),
  },
  {
    path: '/webAdaptation',
    lazy: page(
      () => import('../features/demo/WebAdaptationDemoPage'),
      (m) => m.WebAdaptationDemoPage,
      ['demo'],
    ),
  },
  // Already part of the entry: the error page shows it for 404 route errors.
  { path: '/404', Component: NotFoundPage },
];

const consoleRoutes: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('../features/home/HomePage'),
      (m) => m.HomePage,
    ),
  },
  {
    path: 'projectManagement',
    handle: { titleKey: 'menu:page.projectManagement' } satisfies RouteHandle,
    lazy: page(
      () => import('../features/projects/ProjectManagementPage'),
      (m) => m.ProjectManagementPage,
      ['members'],
    ),
  },
  {
    path: 'memberManagement',
    handle: { titleKey: 'menu:page.memberManagement' } satisfies RouteHandle,
    lazy: page(
      () => import('../features/members/MemberManagementPage'),
      (m) => m.MemberManagementPage,
      ['members'],
    ),
  },
  {
    path: 'personalCenter',
    handle: { titleKey: 'menu:page.personalCenter' } satisfies RouteHandle,
    lazy: page(
      () => import('../features/accounts/PersonalCenterPage'),
      (m) => m.PersonalCenterPage,
    ),
  },
  {
    path: 'noPermission',
    lazy: page(
      () => import('../features/status/NoPermissionPage'),
      (m) => m.NoPermissionPage,
    ),
  },
  {
    path: 'noProject',
    lazy: page(
      () => import('../features/status/NoProjectPage'),
      (m) => m.NoProjectPage,
    ),
  },
  ...featureRoutes.map<RouteObject>((route) => ({
    path: route.path,
    handle: { titleKey: route.titleKey, group: route.group, listPath: route.listPath } satisfies RouteHandle,
    lazy: featurePages[route.titleKey] ?? loadPlaceholder,
  })),
  // Unknown paths under the root go home.
  { path: '*', element: <Navigate to="/" replace /> },
];

/** The console's routes: public pages, then everything else under the root layout. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <ErrorPage />,
      HydrateFallback: () => null,
      children: [
        ...publicRoutes,
        {
          path: '/',
          loader: requireSession,
          // The shell's texts (menu, home, projects) come with it, in the current language.
          lazy: page(
            () => Promise.all([import('./RootLayout'), loadShellTexts()]).then(([module]) => module),
            (m) => m.RootLayout,
          ),
          children: consoleRoutes,
        },
      ],
    },
  ]);
}
