import type { ReactNode } from "react";
import { it } from "../../i18n/it";
import { ServerFragment } from "../../lib/server-fragments";
import { CookieBanner } from "./CookieBanner";
import { Footer } from "./Footer";
import { LogoutDialog } from "./LogoutDialog";
import { TopBar } from "./TopBar";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-stone-50 text-stone-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow">
        {it.common.skipToContent}
      </a>
      <ServerFragment id="topbar">
        <TopBar />
      </ServerFragment>
      <main id="main" className="flex-1">
        {children}
      </main>
      <ServerFragment id="footer">
        <Footer />
      </ServerFragment>
      <CookieBanner />
      <LogoutDialog />
    </div>
  );
}
