// The one route table, shared by the server bundle and the client bundle.
// To add a page: append an entry. Owner pages (client-rendered, never server-rendered) get
// `clientOnly: true`; their components must not be imported by modules that touch `window` at
// load time, since this table is also bundled into the server entry.
import { lazy, Suspense, type ComponentType } from "react";
import { it } from "./i18n/it";
import { compilePattern, matchPattern, pathSegments, type RouteParams } from "./lib/route-match";
import type { HeadData } from "./lib/seo";
import type { FragmentSpec } from "./lib/server-fragments";
import { ContactsPage, contactsHead } from "./pages/ContactsPage";
import { CookiePolicyPage, cookieHead } from "./pages/CookiePolicyPage";
import { ExplorePage, exploreHead } from "./pages/ExplorePage";
import { FaqPage, faqHead } from "./pages/FaqPage";
import { LandingPage, landingHead } from "./pages/LandingPage";
import { NearbyPage, nearbyHead } from "./pages/NearbyPage";
import { NotFoundPage, notFoundHead } from "./pages/NotFoundPage";
import { PricingPage, pricingHead } from "./pages/PricingPage";
import { PrivacyPage, privacyHead } from "./pages/PrivacyPage";
import { ProductPage, productFragments, productHead, productIsMissing } from "./pages/ProductPage";
import { StorePage, storeHead, storeIsMissing } from "./pages/StorePage";
import type { PageProps } from "./types";

export interface AppRoute {
  id: string;
  path: string;
  Component: ComponentType;
  /** Head tags for this page; pages without it get a generic title. */
  head?: (props: PageProps) => HeadData;
  /** True when the page must answer 404 (unknown path, or a shop/product the server did not find). */
  notFound?: (props: PageProps) => boolean;
  /** Rendered in the browser only (createRoot), e.g. the owner app. */
  clientOnly?: boolean;
  /** Parts of the page the server renders once and reuses (lib/server-fragments). */
  fragments?: (props: PageProps) => FragmentSpec[];
}

const ownerLoaders: Array<() => Promise<unknown>> = [];

/** A page rendered in the browser only, loaded when first visited (a chunk of its own), so
 * visitors of public pages never download it. The first owner page visited fetches the others
 * too (a few KB each): moving on from login to the dashboard does not wait for the network. */
function ownerPage(load: () => Promise<ComponentType>): ComponentType {
  ownerLoaders.push(load);
  const Page = lazy(async () => {
    for (const other of ownerLoaders) if (other !== load) void other().catch(() => undefined);
    return { default: await load() };
  });
  return function OwnerPage() {
    return (
      <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
        <Page />
      </Suspense>
    );
  };
}

const LoginPage = ownerPage(() => import("./pages/accounts/LoginPage").then((m) => m.LoginPage));
const AuthPage = ownerPage(() => import("./pages/accounts/LoginPage").then((m) => m.AuthPage));
const CreatePage = ownerPage(() => import("./pages/accounts/CreatePage").then((m) => m.CreatePage));
const VerifyEmailPage = ownerPage(() => import("./pages/accounts/VerifyEmailPage").then((m) => m.VerifyEmailPage));
const VerificationPendingPage = ownerPage(() => import("./pages/accounts/VerificationPendingPage").then((m) => m.VerificationPendingPage));
const ForgotPasswordPage = ownerPage(() => import("./pages/accounts/ForgotPasswordPage").then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = ownerPage(() => import("./pages/accounts/ResetPasswordPage").then((m) => m.ResetPasswordPage));
const DashboardPage = ownerPage(() => import("./pages/DashboardPage").then((m) => m.DashboardPage));
const UploadPage = ownerPage(() => import("./pages/UploadPage").then((m) => m.UploadPage));
const ReportPage = ownerPage(() => import("./pages/ReportPage").then((m) => m.ReportPage));

/** Head of an owner or account page: its own title, never indexed. Nothing in it may come from
 * the URL (an e-mail address) or a session: the server keeps one document per route. */
function ownerHead(title: string): () => HeadData {
  return () => ({ title: it.pageTitles.withBrand(title), description: it.landing.metaDescription, noindex: true });
}

export const routes: AppRoute[] = [
  { id: "landing", path: "/", Component: LandingPage, head: landingHead },
  { id: "explore", path: "/explore", Component: ExplorePage, head: exploreHead },
  { id: "nearby", path: "/cerca", Component: NearbyPage, head: nearbyHead },
  { id: "store", path: "/store/:storeId/:storeSlug", Component: StorePage, head: storeHead, notFound: storeIsMissing },
  { id: "store-category", path: "/store/:storeId/:storeSlug/c/:section", Component: StorePage, head: storeHead, notFound: storeIsMissing },
  { id: "store-brand", path: "/store/:storeId/:storeSlug/b/:section", Component: StorePage, head: storeHead, notFound: storeIsMissing },
  {
    id: "product",
    path: "/product/:storeId/:storeSlug/:productId/:productSlug",
    Component: ProductPage,
    head: productHead,
    notFound: productIsMissing,
    fragments: productFragments,
  },
  { id: "pricing", path: "/pricing", Component: PricingPage, head: pricingHead },
  { id: "contacts", path: "/contacts", Component: ContactsPage, head: contactsHead },
  { id: "faq", path: "/faq", Component: FaqPage, head: faqHead },
  { id: "privacy", path: "/privacy", Component: PrivacyPage, head: privacyHead },
  { id: "cookie", path: "/cookie", Component: CookiePolicyPage, head: cookieHead },
  // Account pages: rendered in the browser only. Their head (a title of their own) still comes
  // from the server's document, through `headFor`, so it is right before the script runs.
  { id: "login", path: "/login", Component: LoginPage, clientOnly: true, head: ownerHead(it.pageTitles.login) },
  { id: "auth", path: "/auth", Component: AuthPage, clientOnly: true, head: ownerHead(it.pageTitles.auth) },
  { id: "create", path: "/create", Component: CreatePage, clientOnly: true, head: ownerHead(it.pageTitles.create) },
  { id: "verify-email", path: "/verify-email", Component: VerifyEmailPage, clientOnly: true, head: ownerHead(it.pageTitles.verifyEmail) },
  {
    id: "email-verification",
    path: "/email-verification/:email",
    Component: VerificationPendingPage,
    clientOnly: true,
    head: ownerHead(it.pageTitles.pending),
  },
  // No address in the URL: the same page with the generic text.
  {
    id: "email-verification-generic",
    path: "/email-verification",
    Component: VerificationPendingPage,
    clientOnly: true,
    head: ownerHead(it.pageTitles.pending),
  },
  {
    id: "forgot-password",
    path: "/recupera-password",
    Component: ForgotPasswordPage,
    clientOnly: true,
    head: ownerHead(it.pageTitles.forgotPassword),
  },
  {
    id: "reset-password",
    path: "/reset-password",
    Component: ResetPasswordPage,
    clientOnly: true,
    head: ownerHead(it.pageTitles.resetPassword),
  },
  // Owner app: rendered in the browser only.
  { id: "dashboard", path: "/dashboard", Component: DashboardPage, clientOnly: true, head: ownerHead(it.pageTitles.dashboard) },
  { id: "upload", path: "/upload", Component: UploadPage, clientOnly: true, head: ownerHead(it.pageTitles.upload) },
  { id: "report", path: "/report", Component: ReportPage, clientOnly: true, head: ownerHead(it.pageTitles.report) },
  // Must stay last: any other path.
  { id: "not-found", path: "*", Component: NotFoundPage, head: notFoundHead, notFound: () => true },
];

const compiled = routes.map((route) => ({ route, pattern: compilePattern(route.path) }));

/** The first route of the table whose path fits, with its params; "*" catches the rest. */
export function matchAppRouteWithParams(pathname: string): { route: AppRoute; params: RouteParams } {
  const parts = pathSegments(pathname);
  for (const { route, pattern } of compiled) {
    const params = matchPattern(pattern, parts);
    if (params) return { route, params };
  }
  return { route: routes[routes.length - 1], params: {} };
}

export function matchAppRoute(pathname: string): AppRoute {
  return matchAppRouteWithParams(pathname).route;
}

export function headFor(route: AppRoute, props: PageProps): HeadData {
  return route.head ? route.head(props) : { title: it.brand.name, description: it.landing.metaDescription, noindex: route.clientOnly };
}
