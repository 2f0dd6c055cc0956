import type { ReactNode } from "react";
import { it } from "../../i18n/it";
import { usePageData } from "../../lib/page-data";
import { ServerFragment } from "../../lib/server-fragments";
import { CookieBanner } from "./CookieBanner";
import { Footer } from "./Footer";
import { LogoutDialog } from "./LogoutDialog";
import { ownBrandedShop, ShopFooter, ShopHeader } from "./ShopChrome";
import { TopBar } from "./TopBar";

export function Layout({ children }: { children: ReactNode }) {
  const shop = ownBrandedShop(usePageData());
  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        {it.common.skipToContent}
      </a>
      {shop ? (
        <ShopHeader store={shop} />
      ) : (
        <ServerFragment id="topbar">
          <TopBar />
        </ServerFragment>
      )}
      <main id="main" className="flex-1">
        {children}
      </main>
      {shop ? (
        <ShopFooter store={shop} />
      ) : (
        <ServerFragment id="footer">
          <Footer />
        </ServerFragment>
      )}
      <CookieBanner />
      <LogoutDialog />
    </div>
  );
}
