import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '@/shared/config/paths';
import { FullScreenLoader } from '@/shared/ui/full-screen-loader';
import { NotFoundScreen } from './errors/not-found-screen';
import { RouteErrorScreen } from './errors/route-error-screen';
import { RequireAccount } from './guards/require-account';
import { RequireAdmin } from './guards/require-admin';
import { RequireSession } from './guards/require-session';
import { RequireSessionOrGuest } from './guards/require-session-or-guest';
import { AppLayout } from './layout/app-layout';
import { AuthLayout } from './layout/auth-layout';

/** Lazy route modules: each screen is its own chunk, loaded when first visited. */
const screen =
  <Module,>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const home = screen(
  () => import('@/features/home/routes/home-route'),
  (m) => m.HomeRoute,
);
const about = screen(
  () => import('@/features/about/routes/about-route'),
  (m) => m.AboutRoute,
);
const dataCategories = screen(
  () => import('@/features/data/routes/data-categories-route'),
  (m) => m.DataCategoriesRoute,
);
const datasetDetail = screen(
  () => import('@/features/data/routes/dataset-detail-route'),
  (m) => m.DatasetDetailRoute,
);
const assetPage = screen(
  () => import('@/features/data/routes/asset-route'),
  (m) => m.AssetRoute,
);
const analytics = screen(
  () => import('@/features/analytics/routes/analytics-route'),
  (m) => m.AnalyticsRoute,
);
const map = screen(
  () => import('@/features/map/routes/map-route'),
  (m) => m.MapRoute,
);
const archive = screen(
  () => import('@/features/archive/routes/archive-route'),
  (m) => m.ArchiveRoute,
);
const documentation = screen(
  () => import('@/features/guidelines/routes/documentation-route'),
  (m) => m.DocumentationRoute,
);
const docs = screen(
  () => import('@/features/docs/routes/docs-route'),
  (m) => m.DocsRoute,
);
const login = screen(
  () => import('@/features/auth/routes/login-route'),
  (m) => m.LoginRoute,
);
const requestAccess = screen(
  () => import('@/features/auth/routes/request-access-route'),
  (m) => m.RequestAccessRoute,
);

const surveyList = screen(
  () => import('@/features/surveys/routes/survey-list-route'),
  (m) => m.SurveyListRoute,
);
const surveyEditor = screen(
  () => import('@/features/surveys/routes/survey-editor-route'),
  (m) => m.SurveyEditorRoute,
);
const assetList = screen(
  () => import('@/features/assets/routes/asset-list-route'),
  (m) => m.AssetListRoute,
);
const assetEdit = screen(
  () => import('@/features/assets/routes/asset-edit-route'),
  (m) => m.AssetEditRoute,
);
const assetMedia = screen(
  () => import('@/features/assets/routes/asset-media-route'),
  (m) => m.AssetMediaRoute,
);
const imports = screen(
  () => import('@/features/imports/routes/imports-route'),
  (m) => m.ImportsRoute,
);
const questionLibrary = screen(
  () => import('@/features/question-library/routes/question-library-route'),
  (m) => m.QuestionLibraryRoute,
);
const devices = screen(
  () => import('@/features/devices/routes/devices-route'),
  (m) => m.DevicesRoute,
);
const users = screen(
  () => import('@/features/users/routes/users-route'),
  (m) => m.UsersRoute,
);
const accessRequests = screen(
  () => import('@/features/users/routes/access-requests-route'),
  (m) => m.AccessRequestsRoute,
);
const ownPassword = screen(
  () => import('@/features/users/routes/own-password-route'),
  (m) => m.OwnPasswordRoute,
);
const datasets = screen(
  () => import('@/features/datasets/routes/datasets-route'),
  (m) => m.DatasetsRoute,
);
const guidelines = screen(
  () => import('@/features/guidelines/routes/guidelines-admin-route'),
  (m) => m.GuidelinesAdminRoute,
);
const collect = screen(
  () => import('@/features/collect/routes/collect-route'),
  (m) => m.CollectRoute,
);
const formsList = screen(
  () => import('@/features/forms/routes/forms-list-route'),
  (m) => m.FormsListRoute,
);

/** Route paths are relative to their parent: strip the leading slash of the `paths` entry. */
const at = (path: string) => path.replace(/^\//, '');

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: paths.login.path, lazy: login },
          { path: paths.requestAccess.path, lazy: requestAccess },
        ],
      },
      {
        path: '/',
        element: <AppLayout />,
        children: [
          {
            errorElement: <RouteErrorScreen />,
            children: [
              {
                element: <RequireSession />,
                children: [
                  { index: true, lazy: home },
                  { path: at(paths.about.path), lazy: about },
                  { path: at(paths.data.path), lazy: dataCategories },
                  { path: at(paths.dataset.path), lazy: datasetDetail },
                  { path: at(paths.asset.path), lazy: assetPage },
                  { path: at(paths.analytics.path), lazy: analytics },
                  { path: at(paths.map.path), lazy: map },
                  { path: at(paths.archive.path), lazy: archive },
                  { path: at(paths.docs.path), lazy: docs },
                  { path: at(paths.ownPassword.path), lazy: ownPassword },
                ],
              },
              {
                // Collecting makes assets: accounts only (the server refuses guests too).
                element: <RequireAccount />,
                children: [{ path: at(paths.collect.path), lazy: collect }],
              },
              {
                // Spec §2: /dokumentacioni hands a visitor without a session a guest token by itself.
                element: <RequireSessionOrGuest />,
                children: [{ path: at(paths.documentation.path), lazy: documentation }],
              },
              {
                // Every back-office screen needs role 2, including those the spec leaves unguarded
                // (docs/decisions/0012).
                element: <RequireAdmin />,
                children: [
                  { path: at(paths.admin.surveys.path), lazy: surveyList },
                  { path: at(paths.admin.surveyNew.path), lazy: surveyEditor },
                  { path: at(paths.admin.assets.path), lazy: assetList },
                  { path: at(paths.admin.asset.path), lazy: assetEdit },
                  { path: at(paths.admin.assetMedia.path), lazy: assetMedia },
                  { path: at(paths.admin.survey.path), lazy: surveyEditor },
                  { path: at(paths.admin.imports.path), lazy: imports },
                  { path: at(paths.admin.questionLibrary.path), lazy: questionLibrary },
                  { path: at(paths.admin.devices.path), lazy: devices },
                  { path: at(paths.admin.users.path), lazy: users },
                  { path: at(paths.admin.accessRequests.path), lazy: accessRequests },
                  { path: at(paths.admin.datasets.path), lazy: datasets },
                  { path: at(paths.admin.guidelines.path), lazy: guidelines },
                  { path: at(paths.admin.formsDocuments.path), lazy: guidelines },
                  { path: at(paths.admin.formsDevices.path), lazy: devices },
                  { path: at(paths.admin.formsDevice.path), lazy: devices },
                  { path: at(paths.formsDevices.path), lazy: devices },
                  { path: at(paths.admin.formsList.path), lazy: formsList },
                  { path: at(paths.formsList.path), lazy: formsList },
                ],
              },
              { path: '*', element: <NotFoundScreen /> },
            ],
          },
        ],
      },
    ],
  },
];
