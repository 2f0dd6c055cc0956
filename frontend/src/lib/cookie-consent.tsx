import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useHydrated } from "../hooks/useHydrated";

export const COOKIE_PREFERENCES_KEY = "cookiePreferences";

export interface CookiePreferences {
  essential: true;
  analytics: boolean;
  marketing: boolean;
}

interface CookieConsent {
  /** Saved preferences, or null when the visitor has not chosen yet (or before hydration). */
  preferences: CookiePreferences | null;
  bannerVisible: boolean;
  settingsOpen: boolean;
  openSettings: () => void;
  closeSettings: () => void;
  save: (prefs: Omit<CookiePreferences, "essential">) => void;
}

const Ctx = createContext<CookieConsent | null>(null);

function read(): CookiePreferences | null {
  try {
    const raw = window.localStorage.getItem(COOKIE_PREFERENCES_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<CookiePreferences>;
    return { essential: true, analytics: !!v.analytics, marketing: !!v.marketing };
  } catch {
    return null;
  }
}

export function CookieConsentProvider({ children }: { children: ReactNode }) {
  // Nothing is known on the server: what is saved is read in the browser, and the banner
  // appears only after hydration, so the markup matches the server's.
  const mounted = useHydrated();
  const [preferences, setPreferences] = useState<CookiePreferences | null>(() => (typeof window === "undefined" ? null : read()));
  const [settingsOpen, setSettingsOpen] = useState(false);

  const save = useCallback((prefs: Omit<CookiePreferences, "essential">) => {
    const value: CookiePreferences = { essential: true, analytics: prefs.analytics, marketing: prefs.marketing };
    try {
      window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(value));
    } catch {
      /* storage unavailable: keep the choice for this page view */
    }
    setPreferences(value);
    setSettingsOpen(false);
  }, []);

  const value = useMemo<CookieConsent>(
    () => ({
      preferences,
      bannerVisible: mounted && preferences === null,
      settingsOpen,
      openSettings: () => setSettingsOpen(true),
      closeSettings: () => setSettingsOpen(false),
      save,
    }),
    [mounted, preferences, settingsOpen, save],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useCookieConsent(): CookieConsent {
  const v = useContext(Ctx);
  if (!v) throw new Error("CookieConsentProvider missing");
  return v;
}
